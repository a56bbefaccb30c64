"""Start-up of `listor` against the C tools it stands beside, in one run, as ratios: `listor --help`
against `lynx -version`; `listor browse --dump` of a small page against `lynx -dump` and
`w3m -dump`; and the same over real pages (the shared corpora: news sites, blogs, Mozilla's
reader test pages), served from loopback. Each run is a fresh process; its wall time is taken
around it and its peak resident memory by GNU time. The tools take turns run by run, so that
the machine's drift falls on all of them alike.

usage: startup.py LISTOR CORPORA_DIR"""
import gzip
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROUNDS = int(os.environ.get("ROUNDS", "31"))
PAGE_ROUNDS = int(os.environ.get("PAGE_ROUNDS", "3"))
SMALL_PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><title>A small page</title></head>
<body><h1>A small page</h1><p>One paragraph with <a href="/other">a link</a>.</p></body></html>"""


def measure(command, environment, report):
    """(seconds, peak MB) of one run of `command`, its output thrown away. The peak comes from GNU
    time, which starts it: a process's peak counts that of the process it was forked from, and this
    Python is larger than the tools measured; the wall time, taken around GNU time, has its start
    in it for every tool alike."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + command, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with status {done.returncode}")
    with open(report) as file:
        return elapsed, int(file.read().split()[-1]) / 1024


def compare(tools, rounds, environment):
    """Per tool: the median seconds and median peak MB of `rounds` runs, taking turns."""
    results = {name: ([], []) for name in tools}
    report = os.path.join(environment["XDG_DATA_HOME"], "time.txt")
    for _ in range(rounds):
        for name, command in tools.items():
            seconds, megabytes = measure(command, environment, report)
            results[name][0].append(seconds)
            results[name][1].append(megabytes)
    return {name: (statistics.median(times), statistics.median(memories)) for name, (times, memories) in results.items()}


def pages(corpora, folder):
    """Writes the corpora's pages into `folder`; returns their names."""
    names = []
    articles = os.path.join(corpora, "articles-dev", "html")
    for name in sorted(os.listdir(articles)) if os.path.isdir(articles) else []:
        if name.endswith(".html.gz"):
            with gzip.open(os.path.join(articles, name)) as source, open(os.path.join(folder, name[:-3]), "wb") as target:
                target.write(source.read())
            names.append(name[:-3])
    readability = os.path.join(corpora, "readability-pages", "test", "test-pages")
    for name in sorted(os.listdir(readability)) if os.path.isdir(readability) else []:
        source = os.path.join(readability, name, "source.html")
        if os.path.isfile(source):
            with open(source, "rb") as page, open(os.path.join(folder, f"readability-{name}.html"), "wb") as target:
                target.write(page.read())
            names.append(f"readability-{name}.html")
    return names


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def main():
    listor, corpora = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as folder:
        environment = dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "data"), TERM="dumb")
        os.makedirs(environment["XDG_DATA_HOME"])
        site = os.path.join(folder, "site")
        os.makedirs(site)
        with open(os.path.join(site, "small.html"), "wb") as page:
            page.write(SMALL_PAGE)
        names = pages(corpora, site)
        handler = lambda *arguments: QuietHandler(*arguments, directory=site)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"

        def dumps(page):
            return {"listor": [listor, "browse", "--dump", f"{base}/{page}"],
                    "lynx": ["lynx", "-dump", f"{base}/{page}"],
                    "w3m": ["w3m", "-dump", f"{base}/{page}"]}

        print(f"{'fresh process, median of runs':<36} {'ms':>7} {'MB':>6}   {'ms':>7} {'MB':>6}   {'ms':>7} {'MB':>6}")
        help_ = compare({"listor": [listor, "--help"], "lynx": ["lynx", "-version"]}, ROUNDS, environment)
        print(f"{'listor --help | lynx -version':<36} {help_['listor'][0] * 1e3:>7.1f} {help_['listor'][1]:>6.1f}   "
              f"{help_['lynx'][0] * 1e3:>7.1f} {help_['lynx'][1]:>6.1f}")
        small = compare(dumps("small.html"), ROUNDS, environment)
        print(f"{'small page: listor | lynx | w3m':<36} " + "   ".join(f"{small[n][0] * 1e3:>7.1f} {small[n][1]:>6.1f}" for n in ("listor", "lynx", "w3m")))
        per_page = {"listor": ([], []), "lynx": ([], []), "w3m": ([], [])}
        for name in names:
            result = compare(dumps(name), PAGE_ROUNDS, environment)
            for tool, (seconds, megabytes) in result.items():
                per_page[tool][0].append(seconds)
                per_page[tool][1].append(megabytes)
        if names:
            median = {tool: (statistics.median(times), statistics.median(memories), max(memories), sum(times)) for tool, (times, memories) in per_page.items()}
            print(f"{f'{len(names)} real pages, median page':<36} " + "   ".join(f"{median[n][0] * 1e3:>7.1f} {median[n][1]:>6.1f}" for n in ("listor", "lynx", "w3m")))
        server.shutdown()

    print()
    print("ratios (listor over the other; goals in brackets)")
    print(f"  --help over lynx -version:         time {help_['listor'][0] / help_['lynx'][0]:.2f} (1)   memory {help_['listor'][1] / help_['lynx'][1]:.2f}")
    print(f"  small dump over lynx -dump:        time {small['listor'][0] / small['lynx'][0]:.2f} (1)   memory {small['listor'][1] / small['lynx'][1]:.2f}")
    print(f"  small dump over w3m -dump:         time {small['listor'][0] / small['w3m'][0]:.2f}       memory {small['listor'][1] / small['w3m'][1]:.2f}")
    if names:
        print(f"  real pages, median over w3m's:     time {median['listor'][0] / median['w3m'][0]:.2f} (1)   memory {median['listor'][1] / median['w3m'][1]:.2f} (2)")
        print(f"  real pages, median over lynx's:    time {median['listor'][0] / median['lynx'][0]:.2f}       memory {median['listor'][1] / median['lynx'][1]:.2f}")
        print(f"  real pages, all {len(names)}: listor {median['listor'][3]:.2f} s, lynx {median['lynx'][3]:.2f} s ({median['listor'][3] / median['lynx'][3]:.2f}×), "
              f"w3m {median['w3m'][3]:.2f} s ({median['listor'][3] / median['w3m'][3]:.2f}×); peak memory of any page: "
              f"listor {median['listor'][2]:.1f} MB, lynx {median['lynx'][2]:.1f}, w3m {median['w3m'][2]:.1f}")
    else:
        print(f"  real pages: none found in {corpora} (articles-dev/, readability-pages/)")


if __name__ == "__main__":
    main()
