"""The article-extraction benchmark's score (../shared/corpora/README.md): token shingles of 4,
tp/fp/fn per page normalised to sum 1, precision and recall as means over pages, F1 from those.

Usage: score.py GROUND_TRUTH.json PREDICTIONS_DIR  (each prediction is PREDICTIONS_DIR/ID.txt)
Prints precision, recall and F1, then the 10 worst pages by F1."""
import collections
import json
import os
import re
import sys

TOKEN = re.compile(r"\w+", re.UNICODE)


def shingles(text):
    tokens = TOKEN.findall(text)
    if len(tokens) < 4:
        return collections.Counter([tuple(tokens)]) if tokens else collections.Counter()
    return collections.Counter(tuple(tokens[i:i + 4]) for i in range(len(tokens) - 3))


def page_score(truth, prediction):
    t, p = shingles(truth), shingles(prediction)
    tp = sum(min(t[s], p[s]) for s in t)
    fp = sum(max(0, p[s] - t[s]) for s in p)
    fn = sum(max(0, t[s] - p[s]) for s in t)
    total = tp + fp + fn
    return (tp / total, fp / total, fn / total) if total else (0, 0, 0)


def main():
    truth = json.load(open(sys.argv[1]))
    directory = sys.argv[2]
    precisions, recalls, pages = [], [], []
    for key, item in sorted(truth.items()):
        path = os.path.join(directory, key + ".txt")
        prediction = open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""
        tp, fp, fn = page_score(item.get("articleBody", ""), prediction)
        if fp == 0 and fn == 0:
            precisions.append(1.0)
            recalls.append(1.0)
        else:
            if tp + fp > 0:
                precisions.append(tp / (tp + fp))
            if tp + fn > 0:
                recalls.append(tp / (tp + fn))
        pp = tp / (tp + fp) if tp + fp else 0
        rr = tp / (tp + fn) if tp + fn else 0
        pages.append((2 * pp * rr / (pp + rr) if pp + rr else 0, pp, rr, key))
    precision = sum(precisions) / len(precisions)
    recall = sum(recalls) / len(recalls)
    f1 = 2 * precision * recall / (precision + recall)
    print(f"pages {len(truth)}  precision {precision:.3f}  recall {recall:.3f}  F1 {f1:.3f}")
    for f, pp, rr, key in sorted(pages)[:10]:
        print(f"  {f:.3f}  P {pp:.3f}  R {rr:.3f}  {key}")


main()
