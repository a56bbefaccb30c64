"""The second view of the reader: on Mozilla Readability's test pages, the mean token F1 of the
reader's text against the text of Readability.js's own output (expected.html): tokens as the
article benchmark makes them, counted as a multiset.

Usage: mozilla.py PAGES_DIR PREDICTIONS_DIR  (each prediction is PREDICTIONS_DIR/NAME.txt)"""
import collections
import html.parser
import os
import re
import sys

TOKEN = re.compile(r"\w+", re.UNICODE)


class Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def tokens(text):
    return collections.Counter(TOKEN.findall(text))


def main():
    pages, predictions = sys.argv[1], sys.argv[2]
    scores = []
    for name in sorted(os.listdir(pages)):
        expected = os.path.join(pages, name, "expected.html")
        predicted = os.path.join(predictions, name + ".txt")
        if not os.path.exists(expected):
            continue
        parser = Text()
        parser.feed(open(expected, encoding="utf-8", errors="replace").read())
        truth = tokens(" ".join(parser.parts))
        guess = tokens(open(predicted, encoding="utf-8", errors="replace").read()) if os.path.exists(predicted) else collections.Counter()
        common = sum((truth & guess).values())
        precision = common / sum(guess.values()) if guess else 0
        recall = common / sum(truth.values()) if truth else 0
        scores.append((2 * precision * recall / (precision + recall) if precision + recall else 0, name))
    print(f"Mozilla pages {len(scores)}  mean token F1 {sum(s for s, _ in scores) / len(scores):.3f}")
    for score, name in sorted(scores)[:5]:
        print(f"  {score:.3f}  {name}")


main()
