"""SQLite baseline for the parts finder: the same million parts in a table with the fields as
columns, a composite index on (family, doping, package, max_voltage) and an FTS5 trigram index
on the part number; the same four queries, timed as execute plus fetchall, median of 21.

usage: sqlite_baseline.py PARTS.json LISTOR_RESULTS.tsv, or PARTS.json alone to build the database
The database is built next to the JSON file on the first run and reused after."""
import json
import os
import sqlite3
import statistics
import sys
import time

FAMILIES = {"BJT": "bjt_doping", "MOSFET": "mosfet_doping", "JFET": "jfet_doping"}
ROUNDS = 21

QUERIES = [
    ("five conditions",
     "SELECT part_number FROM parts WHERE family = ? AND doping = ? AND package = ? AND max_voltage >= ? AND max_current >= ?",
     ("MOSFET", "NMOS", "TO-220", 60.0, 10.0)),
    ("two ranges",
     "SELECT part_number FROM parts WHERE family = ? AND doping = ? AND max_voltage BETWEEN ? AND ? AND max_current BETWEEN ? AND ?",
     ("MOSFET", "NMOS", 30.0, 100.0, 5.0, 50.0)),
    ("substring 7002",
     "SELECT part_number FROM part_numbers WHERE part_numbers MATCH ?",
     ('"7002"',)),
    ("first 50 by voltage",
     "SELECT part_number FROM parts WHERE family = ? ORDER BY max_voltage DESC, part_number LIMIT 50",
     ("BJT",)),
]


def build(json_path, db_path):
    start = time.perf_counter()
    with open(json_path, "rb") as file:
        items = json.load(file)
    rows = []
    for item in items:
        family = next(name for name in FAMILIES if name in item)
        ratings = item["ratings"]
        rows.append((item["part_number"], family, item[family][FAMILIES[family]], item["package"],
                     float(ratings["max_voltage"]), float(ratings["max_current"]), item["use"]))
    del items
    partial = db_path + ".partial"
    if os.path.exists(partial):
        os.remove(partial)
    db = sqlite3.connect(partial)
    db.executescript("""
        PRAGMA journal_mode = OFF;
        PRAGMA synchronous = OFF;
        CREATE TABLE parts (part_number TEXT NOT NULL, family TEXT NOT NULL, doping TEXT NOT NULL, package TEXT NOT NULL,
                            max_voltage REAL NOT NULL, max_current REAL NOT NULL, use TEXT NOT NULL);
    """)
    db.executemany("INSERT INTO parts VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.executescript("""
        CREATE INDEX parts_filter ON parts (family, doping, package, max_voltage);
        CREATE VIRTUAL TABLE part_numbers USING fts5(part_number, tokenize = 'trigram', content = 'parts', content_rowid = 'rowid');
        INSERT INTO part_numbers (part_numbers) VALUES ('rebuild');
        ANALYZE;
    """)
    db.commit()
    db.close()
    os.replace(partial, db_path)
    print(f"built {db_path}: {len(rows)} parts in {time.perf_counter() - start:.1f} s", file=sys.stderr)


def main():
    json_path = sys.argv[1]
    if len(sys.argv) == 2:  # build the database only
        build(json_path, os.path.splitext(json_path)[0] + ".sqlite")
        return
    listor = {}
    load = rss = None
    with open(sys.argv[2]) as file:
        for line in file:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "query":
                listor[fields[1]] = (float(fields[2]), int(fields[3]))
            elif fields[0] == "load":
                load = fields[1:]
            elif fields[0] == "rss":
                rss = fields[1:]
            elif fields[0] == "page":
                page = fields[1]

    db_path = os.path.splitext(json_path)[0] + ".sqlite"
    if not os.path.exists(db_path):
        build(json_path, db_path)
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    db.execute("PRAGMA cache_size = -1000000")  # up to 1 GB: the whole database stays in memory

    print(f"SQLite {sqlite3.sqlite_version}; Listor loads in {float(load[0]):.2f} s ({load[1]}), RSS {float(rss[0]):.0f} MB after loading")
    print(f"list page work (matches, facets, 50 rows) for 'two ranges': {float(page):.2f} ms")
    print()
    print(f"{'query':<22} {'rows':>7} {'Listor ms':>10} {'SQLite ms':>10} {'ratio':>7}")
    for name, sql, parameters in QUERIES:
        db.execute(sql, parameters).fetchall()  # warm the page cache
        times = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            found = db.execute(sql, parameters).fetchall()
            times.append(time.perf_counter() - start)
        sqlite_ms = statistics.median(times) * 1000
        listor_ms, listor_rows = listor[name]
        agree = "" if listor_rows == len(found) else f"  (Listor found {listor_rows})"
        print(f"{name:<22} {len(found):>7} {listor_ms:>10.2f} {sqlite_ms:>10.2f} {listor_ms / sqlite_ms:>7.2f}{agree}")
    plan = db.execute("EXPLAIN QUERY PLAN " + QUERIES[0][1], QUERIES[0][2]).fetchall()
    print()
    print("SQLite's plan for the first query: " + "; ".join(row[-1] for row in plan))


main()
