"""CPython baseline for the transistor decoding benchmark: json.load into objects, then the same filter."""
import json
import sys
import time
from dataclasses import dataclass

@dataclass(slots=True, frozen=True)
class Ratings:
    max_voltage: float
    max_current: float

@dataclass(slots=True, frozen=True)
class Transistor:
    part_number: str
    family: str
    doping: str
    ratings: Ratings
    use: str
    package: str

FAMILIES = {"BJT": "bjt_doping", "MOSFET": "mosfet_doping", "JFET": "jfet_doping"}

def to_transistor(item):
    family = next(name for name in FAMILIES if name in item)
    ratings = item["ratings"]
    return Transistor(item["part_number"], family, item[family][FAMILIES[family]],
                      Ratings(float(ratings["max_voltage"]), float(ratings["max_current"])), item["use"], item["package"])

path = sys.argv[1] if len(sys.argv) > 1 else "Benchmarks/data/parts-1M.json"
with open(path, "rb") as file:
    data = file.read()
megabytes = len(data) / 1e6
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    parts = [to_transistor(item) for item in json.loads(data)]
    best = min(best, time.perf_counter() - start)
print(f"python json.loads + objects: {len(parts)} parts, {megabytes:.1f} MB in {best:.3f} s = "
      f"{len(parts) / best:.0f} parts/s, {megabytes / best:.1f} MB/s")
start = time.perf_counter()
matches = sum(1 for p in parts if p.family == "MOSFET" and p.doping == "NMOS" and p.package == "TO-220"
              and p.ratings.max_voltage >= 60 and p.ratings.max_current >= 10)
seconds = time.perf_counter() - start
print(f"python five-condition filter: {matches} matches in {seconds:.3f} s")
