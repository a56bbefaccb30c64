"""Per-route figures of a load run from two scrapes of listor's /metrics: requests/s, the 50th
and 99th percentile of server time (interpolated in the histogram's buckets, as PromQL's
histogram_quantile does), the share answered within 5 ms and within 20 ms (bucket bounds, so
exact), and the answers of 400 or more."""
import re
import sys

LINE = re.compile(r'^(\w+)\{(.*)\} (\S+)$')
LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def scrape(path):
    series = {}
    for line in open(path):
        match = LINE.match(line.strip())
        if match:
            name, labels, value = match.groups()
            series[(name, tuple(sorted(LABEL.findall(labels))))] = float(value)
    return series


def quantile(q, buckets):
    """`buckets`: (upper bound, cumulative count), sorted."""
    total = buckets[-1][1]
    if total <= 0:
        return None
    rank = q * total
    lower, below = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / max(count - below, 1e-9)
        lower, below = bound, count
    return lower


def within(bound, buckets):
    """The share of requests at or under `bound` seconds, a bucket bound."""
    total = buckets[-1][1] if buckets else 0
    count = next((count for upper, count in buckets if abs(upper - bound) < 1e-9), None)
    return None if total <= 0 or count is None else count / total


def main(before_path, after_path, seconds):
    before, after = scrape(before_path), scrape(after_path)
    delta = {key: value - before.get(key, 0.0) for key, value in after.items()}
    routes = {}
    for (name, labels), value in delta.items():
        labels = dict(labels)
        if name == "listor_http_requests_total" and labels.get("route") != "/metrics":
            route = routes.setdefault((labels["method"], labels["route"]), {"count": 0, "errors": 0, "buckets": []})
            route["count"] += value
            if int(labels["status"]) >= 400:
                route["errors"] += value
        elif name == "listor_http_request_duration_seconds_bucket":
            route = routes.setdefault((labels["method"], labels["route"]), {"count": 0, "errors": 0, "buckets": []})
            route["buckets"].append((float(labels["le"]), value))
    print(f"{'route':<52} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'<=5 ms':>8} {'<=20 ms':>8} {'errors':>7}")
    total = errors = 0
    for (method, route), figures in sorted(routes.items(), key=lambda item: -item[1]["count"]):
        if figures["count"] <= 0:
            continue
        buckets = sorted(figures["buckets"])
        p50, p99 = quantile(0.5, buckets), quantile(0.99, buckets)
        show = lambda value: "-" if value is None else f"{value * 1000:.1f}"
        share = lambda value: "-" if value is None else f"{value * 100:.2f}%"
        print(f"{method + ' ' + route:<52} {figures['count'] / seconds:>8.1f} {show(p50):>8} {show(p99):>8} "
              f"{share(within(0.005, buckets)):>8} {share(within(0.02, buckets)):>8} {int(figures['errors']):>7}")
        total += figures["count"]
        errors += figures["errors"]
    print(f"{'all routes':<52} {total / seconds:>8.1f} {'':>8} {'':>8} {'':>8} {'':>8} {int(errors):>7}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]))
