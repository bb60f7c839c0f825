#!/usr/bin/env python3
"""The files of a built site's search index that the search page fetches for a query, and their bytes.

    search-query-bytes.py [--results] OUTPUT "grateful dead" "cornell 77" "scarlet begonias"

Prints one JSON line per query: the files (each section's index.json, read as the page opens;
the term shards search.js fetches while the query is typed, key by key: of its words, the last
one's once its letters choose at most three, and of its dates' beginnings; then the shards of
the query typed in full and the document files of the results it shows that neither a first
tier nor a fetched shard carries: the first SHOWN of each kind, ranked from the shards, a name
equal to the query first), their bytes as stored and gzipped (as a host that compresses sends
them); with --results, one row a query for Benchmarks/run.sh's table instead (measure, value,
target, met, separated by tabs). It follows the choices of Templates/assets/js/search.js for a query typed in full (the
last word also taken as a beginning); Scripts/search-browser.py --measure counts the same in
Chromium. Used by Benchmarks/run.sh at the archive scale.
"""
import gzip
import json
import os
import re
import sys
import unicodedata

SHOWN = 5  # results per kind (search.js `shown`): it reads their documents, the rest wait for "more"
EXACT_NAME = 100  # search.js `exactName`: added to the score of a document named as the query
WHOLE_NAME_TERMS = 6  # search.js `wholeNameTerms`


def numbers(text):
    """A shard's list of numbers (SearchPostings.swift): base-32 differences, '<' digits before ']' ones."""
    value = current = 0
    for c in text:
        code = ord(c)
        if code >= 93:
            value += current * 32 + code - 93
            current = 0
            yield value
        else:
            current = current * 32 + code - 60


def terms(text):
    text = unicodedata.normalize("NFD", text).lower()
    text = "".join(c for c in text if not unicodedata.category(c).startswith("M")).replace("'", "").replace("\u2019", "")
    found = [t for t in re.split(r"[\W_]+", text) if t]
    some = [t for t in found if len(t) > 1 or t.isnumeric()]
    return some or found


# A numeric date day first ("8/5/77"), as the site's search page says (`data-date-order`): set by main().
DAY_FIRST = False
MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"


def dates(query):
    """The query less its dates, and their index terms ("d19770508", "m197705")."""
    found = []

    def year(text):
        text = text.replace("'", "")
        y = int(text)
        return (2000 + y if y < 30 else 1900 + y) if len(text) <= 2 else y

    def day(y, m, d):
        m, d = int(m), int(d)
        if 1 <= m <= 12 and 1 <= d <= 31:
            found.append("d%d%02d%02d" % (year(y), m, d))
        return " "

    def month(name):
        return "janfebmaraprmayjunjulaugsepoctnovdec".index(name[:3]) // 3 + 1

    query = query.lower()
    query = re.sub(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b", lambda m: day(m[1], m[2], m[3]), query)
    query = re.sub(r"\b(\d{1,2})[/.-](\d{1,2})[/.-]('?\d{2}|\d{4})\b",
                   lambda m: day(m[3], m[2], m[1]) if DAY_FIRST else day(m[3], m[1], m[2]), query)
    query = re.sub(r"\b" + MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}|'\d{2})(?!\d)", lambda m: day(m[3], month(m[1]), m[2]), query)
    query = re.sub(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + MONTH + r",?\s+(\d{4})\b", lambda m: day(m[3], month(m[2]), m[1]), query)

    def whole_month(m):
        found.append("m%s%02d" % (m[2], month(m[1])))
        return " "
    query = re.sub(r"\b" + MONTH + r",?\s+(\d{4})\b", whole_month, query)
    return query, found


def file_name(key):
    return "".join(chr(b) if 97 <= b <= 122 or 48 <= b <= 57 else "_%02x" % b for b in key.encode())


def shards_for(keys, term, prefix):
    best, chosen = None, []
    for key in keys:
        if term.startswith(key) and (best is None or len(key) > len(best)):
            best = key
        elif prefix and key.startswith(term):
            chosen.append(key)
    return chosen + ([best] if best is not None else [])


MOST_SHARDS = 3  # search.js `mostShards`: a shorter beginning reads only the shard of the word as it is


def shard_keys(keys, term, prefix):
    chosen = shards_for(keys, term, prefix)
    return shards_for(keys, term, False) if len(chosen) > MOST_SHARDS else chosen


def date_beginnings(query):
    """search.js `dateBeginnings`: (term, prefix) of the shards that answer a date being typed."""
    q, found = query.lower(), []

    def month_day(m, d, whole):
        if 1 <= int(m) <= 12 and 1 <= int(d) <= 31 and whole:
            found.append(("md%02d%02d" % (int(m), int(d)), False))

    def whole(digits, after, least):
        return bool(after) or len(digits) == 2 or int(digits) >= least

    def month(name):
        return "janfebmaraprmayjunjulaugsepoctnovdec".index(name[:3]) // 3 + 1

    m = re.search(r"(?:^|[^\d/.-])(\d{1,2})[/.-](\d{1,2})([/.-]'?\d{0,4})?$", q)
    if m:
        month_day(m[2] if DAY_FIRST else m[1], m[1] if DAY_FIRST else m[2], whole(m[2], m[3], 2 if DAY_FIRST else 4))
    m = re.search(r"\b" + MONTH + r"\s+(\d{1,2})(\D.*)?$", q)
    if m:
        month_day(month(m[1]), m[2], whole(m[2], m[3], 4))
    m = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + MONTH, q)
    if m:
        month_day(month(m[2]), m[1], True)
    m = re.search(r"\b(\d{4})[-/.](\d{2}|\d(?=[-/.]))([-/.]\d{0,2})?$", q)
    if m and 1 <= int(m[2]) <= 12:
        found.append(("d%s%02d" % (m[1], int(m[2])), True))
    return found


def near(a, b, limit):
    if abs(len(a) - len(b)) > limit:
        return False
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i]
        for j in range(1, len(b) + 1):
            v = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, rows[i - 2][j - 2] + 1)
            row.append(v)
        rows.append(row)
        if min(row) > limit:
            return False
    return rows[-1][-1] <= limit


def weight(candidate, q):
    term, prefix, exact = q
    if candidate == term:
        return 3
    if exact:
        return 0
    if prefix and candidate.startswith(term):
        return 2
    return 1 if len(term) >= 4 and re.search(r"\D", term) and near(candidate, term, 2 if len(term) >= 8 else 1) else 0


def query_terms(index, query):
    """search.js `queryTerms`: (term, prefix, exact) of the query's words less the section's stop
    terms (the last word a beginning while it is typed), and of its dates."""
    rest, date_terms = dates(query)
    stop = set(index.get("stop", []))
    kept = [w for w in terms(rest) if w not in stop]
    typing = not query.endswith(" ")
    return [(w, typing and i == len(kept) - 1, False) for i, w in enumerate(kept)] + [(d, False, True) for d in date_terms]


def query_files(output, sections, query):
    fetched = []

    def read(path):
        full = os.path.join(output, path)
        if path not in fetched:
            fetched.append(path)
        if not os.path.exists(full):
            return None
        with open(full, encoding="utf-8") as f:
            return json.load(f)

    carried = {}  # section -> the documents the fetched shards carry

    def shard_file(section, key):
        found = read("search-%s/t/t%s.json" % (section, file_name(key))) or {}
        carried.setdefault(section, set()).update(doc[0] for doc in found.get("docs", []))
        return found

    def shard(section, key):
        return shard_file(section, key).get("terms", {})

    # Key by key, as search.js prefetches while the query is typed.
    for end in range(1, len(query) + 1):
        typed = query[:end]
        for section in sections:
            index = read("search-%s/index.json" % section)
            if index is None:
                continue
            words = [(q[0], q[1]) for q in query_terms(index, typed) if not q[0].isdigit() or q[2]]
            for term, prefix in words + date_beginnings(typed):
                keys = shards_for(index["shards"], term, prefix)
                if prefix and (len(term) < 3 or len(keys) > MOST_SHARDS):
                    continue
                for key in keys:
                    shard(section, key)

    found = []
    for section in sections:
        index = read("search-%s/index.json" % section)
        if index is None:
            continue
        all_terms = query_terms(index, query)
        if not all_terms:
            continue
        docs = {}
        for q in all_terms:
            hits = {}
            for key in shard_keys(index["shards"], q[0], q[1] and not q[2]):
                for candidate, steps in shard(section, key).items():
                    w = weight(candidate, q)
                    if not w:
                        continue
                    for value in numbers(steps):
                        score = w * (2 if value % 2 else 1)
                        hits[value >> 1] = max(hits.get(value >> 1, 0), score)
            for doc, score in hits.items():
                entry = docs.setdefault(doc, [0, 0])
                entry[0] += 1
                entry[1] += score
        words = terms(dates(query)[0])
        # A name is in the shard of its first word that is not a stop term (SearchIndex.weigh).
        word = next((w for w in words if w not in set(index.get("stop", []))), None)
        keys = shards_for(index["shards"], word, False) if word and len(words) <= WHOLE_NAME_TERMS else []
        if keys:
            holder = shard_file(section, keys[0])
            named = holder.get("names", {}).get(" ".join(words))
            # "" names all the documents with that word in their name (SearchIndex.writeNames).
            exact = [v >> 1 for v in numbers(holder["terms"].get(word, "")) if v & 1] if named == "" else numbers(named or "")
            for doc in exact:
                if doc in docs:
                    docs[doc][1] += EXACT_NAME
        best = max((e[0] for e in docs.values()), default=0)
        if best:
            found.append((best / len(all_terms), section, index, docs, best))
    most = max((f[0] for f in found), default=0)
    for matched, section, index, docs, best in found:
        if matched != most:
            continue
        known = {entry[0] for entry in index.get("first", [])} | carried.get(section, set())
        starts = [start for _, start in index["kinds"]]
        by_kind = {}
        for doc, (count, score) in docs.items():
            if count == best:
                by_kind.setdefault(sum(1 for s in starts if doc >= s), []).append((-score, doc))
        for entries in by_kind.values():
            for _, doc in sorted(entries)[:SHOWN]:
                if doc not in known:
                    read("search-%s/d/%d.json" % (section, doc // index["chunk"]))
    return fetched


def main():
    arguments = sys.argv[1:]
    rows = arguments[:1] == ["--results"]
    if rows:
        arguments = arguments[1:]
    if len(arguments) < 2:
        sys.exit(__doc__)
    output = arguments[0]
    global DAY_FIRST
    page = os.path.join(output, "search", "index.html")
    DAY_FIRST = os.path.exists(page) and 'data-date-order="day-month"' in open(page, encoding="utf-8").read()
    sections = sorted(name[len("search-"):] for name in os.listdir(output) if name.startswith("search-")
                      and os.path.isfile(os.path.join(output, name, "index.json")))
    for query in arguments[1:]:
        files = query_files(output, sections, query)
        sizes, packed = {}, {}
        for path in files:
            full = os.path.join(output, path)
            if os.path.exists(full):
                data = open(full, "rb").read()
                sizes[path], packed[path] = len(data), len(gzip.compress(data, 6))
        opening = sum(size for path, size in sizes.items() if path.endswith("/index.json"))
        total = sum(sizes.values())
        if rows:
            print("archive: search \"%s\", bytes fetched\t%d files, %.0f KB (gzip %.0f KB)\t< 300 KB\t%s"
                  % (query, len(sizes), total / 1e3, sum(packed.values()) / 1e3, "met" if total < 300e3 else "missed"))
            continue
        print(json.dumps({"query": query, "files": len(sizes), "bytes": sum(sizes.values()), "gzip_bytes": sum(packed.values()),
                          "index_json_bytes": opening, "largest": sorted(sizes.items(), key=lambda f: -f[1])[:3]}))


if __name__ == "__main__":
    main()
