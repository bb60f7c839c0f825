// The site search (/search/?q=…). sitegen writes each section's index as small files under
// search-<section>/ (see README "Search"); this script fetches only those a query needs: each
// section's index.json as the page opens, the term shards of the query's words, and the
// documents it shows. index.json holds the first tier (SearchFirstTier.swift), the leading
// documents of each kind, and each shard the best documents of its terms, whole
// (SearchInline.swift). A word's shard is fetched as soon as its first letters choose it (a
// date's as soon as its month and day are typed), while the rest of the query is typed, and
// each key shows what those documents in memory answer; the complete results, after a pause in
// the typing, replace them. A query pasted or opened from a link is searched at once, and each
// section's candidates are drawn as its shards come, before the document files. Results are
// ranked from the shards alone (a name equal to the query from their "names"), so only the
// document files of the results shown are read; a group's "more" reads the next ones.
// Terms are made as SearchTerms.swift makes them; dates as SearchRecord.swift writes them.
(function () {
  'use strict';
  var form = document.querySelector('[data-search]');
  if (!form || !window.fetch) return;
  // The form is hidden in the HTML: without this script it could not search.
  form.hidden = false;
  var input = form.querySelector('input[name=q]');
  var status = document.querySelector('[data-search-status]');
  var results = document.querySelector('[data-search-results]');
  var base = form.getAttribute('data-index');
  var root = form.getAttribute('data-root');
  var sections = form.getAttribute('data-sections').split(' ').filter(Boolean);
  var labels = {};
  var kindOrder = [];
  document.querySelectorAll('[data-search-kinds] [data-kind]').forEach(function (item) {
    labels[item.getAttribute('data-kind')] = item.textContent;
    kindOrder.push(item.getAttribute('data-kind'));
  });
  var shown = 5;  // results per kind
  var files = {};

  function get(url) {
    if (!files[url]) {
      files[url] = fetch(url).then(function (response) { return response.ok ? response.json() : null; });
    }
    return files[url];
  }

  // Latin letters with no mark to drop, spelled as the index spells them (Slug.latinLetters;
  // a test keeps the two the same), so "royksopp" finds Røyksopp.
  var LATIN = {
    'ø': 'o', 'æ': 'ae', 'œ': 'oe', 'ł': 'l', 'đ': 'd', 'ð': 'd', 'þ': 'th', 'ß': 'ss', 'ı': 'i', 'ŀ': 'l', 'ŧ': 't',
    'ħ': 'h', 'ĳ': 'ij', 'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st'
  };
  function terms(text) {
    var all = text.normalize('NFD').toLowerCase().replace(/\p{M}/gu, '').replace(/['\u2019]/g, '')
      .replace(/[øæœłđðþßıŀŧħĳﬀﬁﬂﬃﬄﬅﬆ]/gu, function (letter) { return LATIN[letter]; })
      .split(/[^\p{L}\p{N}]+/u).filter(Boolean)
      .map(function (t) { return Array.from(t).slice(0, 64).join(''); });  // SearchTerms.maxLength
    var some = all.filter(function (t) { return Array.from(t).length > 1 || /^\p{N}$/u.test(t); });
    // The first 16 words only: a linked ?q= of thousands held the page for seconds. (Repeated
    // words stay: "Duran Duran" and "Talk Talk" are names as they are.)
    return (some.length ? some : all).slice(0, 16);  // single letters only when there is nothing else ("Z")
  }

  // Dates as fans type them become the index's date terms: "d19770508", or "m197705" for a month.
  // A numeric date ("8/5/77", "8.5.77") is read first as the site's language writes it, day or
  // month first (the page says which, from the locale's data: NumericDateOrder.swift), and also
  // the other way when that is a date too: fans of American bands write "5/8/77" on any site.
  // The other reading's documents rank below (`others` in weight()).
  var dayFirst = form.getAttribute('data-date-order') === 'day-month';
  function numeric(first, second) { return dayFirst ? { m: second, d: first } : { m: first, d: second }; }
  function readings(first, second) { return first === second ? [numeric(first, second)] : [numeric(first, second), numeric(second, first)]; }
  // Month names: English ones on every site, and the site language's as its pages write them
  // (`data-months`, from the locale's data: "januar|februar|märz|…"), whole or cut to three
  // letters or more ("Dez.", "Sept").
  var siteMonths = (form.getAttribute('data-months') || '').split('|').filter(Boolean);
  var month = '(' + siteMonths.map(function (name) { return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); })
    .concat(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'])
    .sort(function (a, b) { return b.length - a.length; }).join('|') + ')[a-zäöüßéèêûôîàçñ]*\\.?';
  function year(text) {
    var y = parseInt(text.replace("'", ''), 10);
    return text.replace("'", '').length <= 2 ? (y < 30 ? 2000 + y : 1900 + y) : y;
  }
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function day(y, m, d) {
    m = +m; d = +d;
    return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? 'd' + year(y) + two(m) + two(d) : null;
  }
  function monthNumber(name) {
    name = name.replace(/\.$/, '');
    // The site's language first: the whole name, else the one name it begins (three letters at least).
    var whole = siteMonths.indexOf(name);
    if (whole !== -1) return whole + 1;
    var begun = name.length >= 3 ? siteMonths.filter(function (m) { return m.indexOf(name) === 0; }) : [];
    if (begun.length === 1) return siteMonths.indexOf(begun[0]) + 1;
    var english = 'janfebmaraprmayjunjulaugsepoctnovdec'.indexOf(name.slice(0, 3));
    return english === -1 || english % 3 ? NaN : english / 3 + 1;
  }
  function dates(query) {
    var found = [];
    function keep(term, others) {
      if (term) found.push({ term: term, others: others || [] });
      return ' ';
    }
    query = query.toLowerCase()
      .replace(/\b(\d{4})[-\/.](\d{1,2})[-\/.](\d{1,2})\b/g, function (_, y, m, d) { return keep(day(y, m, d)); })
      .replace(/\b(\d{1,2})[\/.-](\d{1,2})[\/.-]('?\d{2}|\d{4})\b/g, function (_, a, b, y) {
        var terms = readings(a, b).map(function (md) { return day(y, md.m, md.d); }).filter(Boolean);
        return keep(terms[0], terms.slice(1));
      })
      .replace(new RegExp('\\b' + month + '\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4}|\'\\d{2})(?!\\d)', 'g'),
        function (_, m, d, y) { return keep(day(y, monthNumber(m), d)); })
      .replace(new RegExp('\\b(\\d{1,2})(?:st|nd|rd|th|\\.)?\\s+' + month + ',?\\s+(\\d{4})\\b', 'g'),
        function (_, d, m, y) { return keep(day(y, monthNumber(m), d)); })
      .replace(new RegExp('\\b' + month + ',?\\s+(\\d{4})\\b', 'g'),
        function (_, m, y) { return keep('m' + y + two(monthNumber(m))); });
    return { rest: query, dates: found };
  }

  // A shard key as its file name: a-z and 0-9 as they are, other UTF-8 bytes as _ and two hex digits.
  function fileName(key) {
    return Array.from(new TextEncoder().encode(key)).map(function (b) {
      return (b >= 97 && b <= 122) || (b >= 48 && b <= 57) ? String.fromCharCode(b) : '_' + (b < 16 ? '0' : '') + b.toString(16);
    }).join('');
  }

  // The shards that may hold `term`: the longest key it starts with, and for a word still being
  // typed every longer key that starts with it.
  function shardsFor(keys, term, prefix) {
    var best = null;
    var chosen = [];
    keys.forEach(function (key) {
      if (term.startsWith(key) && (best === null || key.length > best.length)) best = key;
      else if (prefix && key.startsWith(term)) chosen.push(key);
    });
    if (best !== null) chosen.push(best);
    return chosen;
  }

  // The shards a query term reads: a beginning too short to choose a few ("c", "co" in a large
  // archive) reads only the shard of the word as it is, until more letters narrow it.
  var mostShards = 3;
  function shardKeys(keys, term, prefix) {
    var chosen = shardsFor(keys, term, prefix);
    return chosen.length > mostShards ? shardsFor(keys, term, false) : chosen;
  }

  // A shard, once fetched, adds the documents it carries to its section's memory and shows what
  // they answer, unless the complete results are already shown.
  function shard(section, key) {
    var url = base + section + '/t/t' + fileName(key) + '.json';
    var fresh = !files[url];
    var promise = get(url);
    if (fresh) {
      promise.then(function (found) {
        if (!found || !pools[section]) return;
        remember(pools[section], found.docs, found.best);
        if (!complete) showFromMemory(input.value);
      }).catch(function () {});
    }
    return promise;
  }

  // A shard's list of numbers (SearchPostings.swift): differences from the number before, in
  // base 32, a digit that more follow written from '<' (60), the last one from ']' (93).
  function numbers(text, each) {
    var value = 0;
    var current = 0;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      if (code >= 93) {
        value += current * 32 + code - 93;
        current = 0;
        each(value);
      } else {
        current = current * 32 + code - 60;
      }
    }
  }

  // Optimal string alignment distance, at most `limit` (a swapped pair of letters is one typo).
  function near(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return false;
    var rows = [];
    for (var i = 0; i <= a.length; i++) {
      rows.push([i]);
      var low = i;
      for (var j = 1; j <= b.length; j++) {
        if (i === 0) { rows[0].push(j); continue; }
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
        rows[i].push(v);
        low = Math.min(low, v);
      }
      if (i > 0 && low > limit) return false;
    }
    return rows[a.length][b.length] <= limit;
  }

  // How well a term of a document answers a query term: an exact term counts most, a typed
  // beginning ("bego") next, a term one typo away (two for long words) least. A date term
  // (`exact`) only counts when it is equal, or equal to its other reading (`others`), less.
  function weight(candidate, q) {
    if (candidate === q.term) return 3;
    if (q.others && q.others.indexOf(candidate) >= 0) return 2;
    if (q.exact) return 0;
    if (q.prefix && candidate.startsWith(q.term)) return 2;
    return q.term.length >= 4 && /\D/.test(q.term) && near(candidate, q.term, q.term.length >= 8 ? 2 : 1) ? 1 : 0;
  }

  // The query's terms for one section: its words less the section's stop terms (the last word
  // taken as a beginning while it is typed), and its dates.
  function queryTerms(index, words, dateTerms, typing) {
    var stop = new Set(index.stop || []);
    words = words.filter(function (w) { return !stop.has(w); });
    return words.map(function (w, i) { return { term: w, prefix: typing && i === words.length - 1, exact: false }; })
      .concat(dateTerms.map(function (d) { return { term: d.term, others: d.others, prefix: false, exact: true }; }));
  }

  // Document number → score for one query term, doubled where the term is in the name.
  async function lookup(section, index, q) {
    var keys = [q.term].concat(q.others || []).reduce(function (all, term) {
      return all.concat(shardKeys(index.shards, term, q.prefix && !q.exact).filter(function (key) { return all.indexOf(key) < 0; }));
    }, []);
    var shards = await Promise.all(keys.map(function (key) { return shard(section, key); }));
    var hits = new Map();
    shards.forEach(function (found) {
      if (!found || !found.terms) return;
      Object.keys(found.terms).forEach(function (candidate) {
        var weighed = weight(candidate, q);
        if (!weighed) return;
        numbers(found.terms[candidate], function (value) {
          var score = weighed * (value % 2 ? 2 : 1);
          var doc = value >> 1;
          if (!(hits.get(doc) >= score)) hits.set(doc, score);
        });
      });
    });
    return hits;
  }

  // A name equal to the query ranks first ("Barton Hall" before "Barton Hall, Cornell
  // University"). The index writes the names of up to `wholeNameTerms` terms whole
  // (SearchIndex.swift), each in the shard of its first word that is not a stop term: the
  // documents named as the query, or "" when they are all those with that word in their name.
  var exactName = 100;
  var wholeNameTerms = 6;
  async function namedAs(section, index, words) {
    var found = new Set();
    var stop = new Set(index.stop || []);
    var word = words.find(function (w) { return !stop.has(w); });
    var keys = word && words.length <= wholeNameTerms ? shardsFor(index.shards, word, false) : [];
    if (!keys.length) return found;
    var file = await shard(section, keys[0]);
    var docs = file ? own(file.names, words.join(' ')) : undefined;
    if (docs === '') numbers(own(file.terms, word) || '', function (value) { if (value % 2) found.add(value >> 1); });
    else if (docs) numbers(docs, function (doc) { found.add(doc); });
    return found;
  }

  // What an index file holds under a visitor's words, never what every object inherits: the
  // query "constructor" found Object's own and stopped the search.
  function own(object, key) { return object && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined; }

  function kindOf(index, doc) {
    var kind = null;
    index.kinds.forEach(function (entry) { if (doc >= entry[1]) kind = entry[0]; });
    return kind;
  }

  // One section's candidates by kind, with the most query terms any of its documents has.
  async function searchSection(section, words, dateTerms, typing) {
    var index = await get(base + section + '/index.json').catch(function () { return null; });
    if (!index) return null;
    // Terms in most of a section's documents are not in its index ("flac16"): a query ignores them.
    var all = queryTerms(index, words, dateTerms, typing);
    if (!all.length) return null;
    var exact = namedAs(section, index, words);
    var maps = await Promise.all(all.map(function (q) { return lookup(section, index, q); }));
    exact = await exact;
    var docs = new Map();
    maps.forEach(function (hits) {
      hits.forEach(function (score, doc) {
        var entry = docs.get(doc) || { doc: doc, matched: 0, score: 0 };
        entry.matched += 1;
        entry.score += score;
        docs.set(doc, entry);
      });
    });
    exact.forEach(function (doc) { if (docs.has(doc)) docs.get(doc).score += exactName; });
    var best = 0;
    docs.forEach(function (entry) { best = Math.max(best, entry.matched); });
    var byKind = {};
    docs.forEach(function (entry) {
      if (entry.matched < best) return;
      var kind = kindOf(index, entry.doc);
      (byKind[kind] = byKind[kind] || []).push(entry);
    });
    // The share of the query's terms matched: a stop term left out of one section's index
    // does not make its documents look worse than another section's.
    return { section: section, index: index, matched: best / all.length, byKind: byKind };
  }

  function byScore(a, b) { return b.score - a.score || a.doc - b.doc; }

  // Copies of ranked results (a section's candidates are drawn twice, from memory as its
  // shards come, then complete), each with its document, from memory or, with `fromFiles`,
  // from its document file; those without one are left out.
  // Entries that have their document already (the memory's, in a group's "more") are kept as they are.
  async function withDocuments(found, entries, fromFiles) {
    var known = found && pools[found.section] ? pools[found.section].known : new Map();
    var copies = entries.map(function (e) { return e.path !== undefined ? e : { doc: e.doc, matched: e.matched, score: e.score }; });
    await Promise.all(copies.map(async function (entry) {
      if (entry.name !== undefined) return;
      var doc = known.get(entry.doc);
      if (!doc && fromFiles) {
        var chunk = await get(base + found.section + '/d/' + Math.floor(entry.doc / found.index.chunk) + '.json');
        doc = chunk && chunk[entry.doc % found.index.chunk];
      }
      if (doc) { entry.name = doc[0]; entry.detail = doc[1]; entry.path = doc[2]; }
    }));
    return copies.filter(function (e) { return e.path !== undefined; });
  }

  // The shown results of one section's kinds: the first `shown` of each, ranked from the
  // shards, with their documents; with `fromFiles` false, from memory alone (what can be drawn
  // as soon as the shards are in: of the first twice as many, those memory holds). The rest of
  // a kind's results wait for its "more".
  async function documents(found, fromFiles) {
    var groups = await Promise.all(Object.keys(found.byKind).map(async function (kind) {
      var entries = found.byKind[kind].sort(byScore);
      var top = await withDocuments(found, entries.slice(0, fromFiles ? shown : shown * 2), fromFiles);
      return { kind: kind, total: entries.length, entries: top.slice(0, shown), best: top.length ? top[0].score : 0,
        found: found, more: fromFiles ? { found: found, rest: entries.slice(shown) } : null };
    }));
    return groups.filter(function (g) { return g.entries.length; });
  }

  // Each section's documents in memory: its first tier, read from its index.json as the page
  // opens, and those its fetched shards carry; each with its terms (the name's first, then its
  // detail's, its date's and the shard terms it was carried for), and by number for documents().
  var pools = {};
  function dateTermsOf(compact) {
    if (!compact) return [];
    var found = [compact.slice(0, 4), compact.slice(2, 4)];
    if (compact.length >= 6) found.push('m' + compact.slice(0, 6));
    if (compact.length >= 8) found.push('d' + compact);
    return found;
  }
  function remember(pool, docs, best) {
    var carried = new Map();
    Object.keys(best || {}).forEach(function (term) {
      best[term].forEach(function (doc) { (carried.get(doc) || carried.set(doc, []).get(doc)).push(term); });
    });
    (docs || []).forEach(function (doc) {
      var extra = carried.get(doc[0]) || [];
      var known = pool.byNumber.get(doc[0]);
      if (known) {
        extra.forEach(function (term) { if (known.terms.indexOf(term) < 0) known.terms.push(term); });
        return;
      }
      var name = terms(doc[1]);
      var entry = { doc: doc[0], kind: kindOf(pool.index, doc[0]), names: name.length,
        terms: name.concat(terms(doc[2]), dateTermsOf(doc[4]), extra), value: doc };
      pool.known.set(doc[0], doc.slice(1, 4));
      pool.byNumber.set(doc[0], entry);
      pool.docs.push(entry);
    });
  }
  function readIndex(section, index) {
    var pool = { index: index, docs: [], known: new Map(), byNumber: new Map() };
    remember(pool, index.first);
    pools[section] = pool;
  }

  // The query answered from memory alone, at once: the documents with every term of the query,
  // scored as the full search scores them. Null when there is nothing to search.
  function fromMemory(query) {
    var parsed = dates(query);
    var words = terms(parsed.rest);
    if (!words.length && !parsed.dates.length) return null;
    var typing = !/\s$/.test(query);
    query = words.join(' ');
    var byKind = {};
    sections.forEach(function (section) {
      var pool = pools[section];
      if (!pool) return;
      var all = queryTerms(pool.index, words, parsed.dates, typing);
      if (!all.length) return;
      pool.docs.forEach(function (doc) {
        var score = 0;
        for (var i = 0; i < all.length; i++) {
          var best = 0;
          for (var j = 0; j < doc.terms.length; j++) {
            var found = weight(doc.terms[j], all[i]) * (j < doc.names ? 2 : 1);
            if (found > best) best = found;
          }
          if (!best) return;
          score += best;
        }
        var entry = { section: section, doc: doc.doc, score: score, name: doc.value[1], detail: doc.value[2], path: doc.value[3] };
        if (doc.names <= wholeNameTerms && doc.terms.slice(0, doc.names).join(' ') === query) entry.score += exactName;
        (byKind[doc.kind] = byKind[doc.kind] || []).push(entry);
      });
    });
    var groups = Object.keys(byKind).map(function (kind) {
      var entries = byKind[kind].sort(byScore);
      return { kind: kind, total: null, entries: entries.slice(0, shown), all: entries, best: entries[0].score };
    });
    return { words: words, groups: groups };
  }

  function highlighted(text, words) {
    var fragment = document.createDocumentFragment();
    text.split(/([\p{L}\p{N}'\u2019]+)/u).forEach(function (part, i) {
      var term = i % 2 ? terms(part)[0] : null;
      var hit = term && words.some(function (w) { return term === w || (w.length > 2 && term.startsWith(w)); });
      if (hit) {
        var mark = document.createElement('mark');
        mark.textContent = part;
        fragment.appendChild(mark);
      } else {
        fragment.appendChild(document.createTextNode(part));
      }
    });
    return fragment;
  }

  // `query` and whether these are the answer from memory are kept on the list, for the browser
  // test to time them.
  var complete = false;  // the complete results of the typed query are shown
  function show(groups, words, query, partial) {
    complete = !partial;
    results.textContent = '';
    results.setAttribute('data-query', query);
    results.toggleAttribute('data-partial', partial);
    groups.forEach(function (group) {
      var block = document.createElement('section');
      block.className = 'search-group';
      block.setAttribute('data-kind', group.kind);
      var heading = document.createElement('h2');
      heading.textContent = (labels[group.kind] || group.kind) + ' ';
      // An answer from memory, alone or added to the shards', does not know how many there are.
      if (group.total !== null) {
        var count = document.createElement('span');
        count.className = 'count';
        count.textContent = '(' + group.total.toLocaleString(status.getAttribute('data-locale') || undefined) + ')';
        heading.appendChild(count);
      }
      block.appendChild(heading);
      var list = document.createElement('ol');
      function add(entry) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        link.href = root + entry.path;
        link.appendChild(highlighted(entry.name, words));
        item.appendChild(link);
        if (entry.detail) {
          var detail = document.createElement('p');
          detail.appendChild(highlighted(entry.detail, words));
          item.appendChild(detail);
        }
        list.appendChild(item);
        return link;
      }
      group.entries.forEach(add);
      block.appendChild(list);
      if (group.more) more(group, block, add);
      // The complete results that memory answered or added to (the first tier, the documents
      // the fetched shards carry) may not be all there are.
      if (!partial && group.total === null) {
        var note = document.createElement('p');
        note.className = 'search-note meta';
        note.textContent = status.getAttribute('data-maybe-more');
        block.appendChild(note);
      }
      results.appendChild(block);
    });
  }

  // A group's "more": the next `shown` of its results, their document files read when asked.
  function more(group, block, add) {
    var seen = new Set(group.entries.map(function (e) { return e.path; }));
    var rest = group.more.rest;
    if (!rest.length) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'search-more';
    button.textContent = status.getAttribute('data-more');
    button.addEventListener('click', async function () {
      button.disabled = true;
      var page = rest.slice(0, shown);
      rest = rest.slice(shown);
      var next = await withDocuments(group.more.found, page, true);
      var first = null;
      next.forEach(function (entry) {
        if (seen.has(entry.path)) return;
        seen.add(entry.path);
        var link = add(entry);
        if (!first) first = link;
      });
      button.disabled = false;
      status.textContent = shownWords();
      if (!rest.length) {
        // The button goes with the focus it had (a disabled button drops it to the page as
        // well): the first of the results it brought takes it, so the next Tab goes on from there.
        button.remove();
        if (first) first.focus();
      }
    });
    block.appendChild(button);
  }

  // How many results the page shows, in the language's plural form (CLDR's rules, as the
  // build's counts): the status line is a live region, so a screen reader hears it.
  function shownWords() {
    var count = results.querySelectorAll('.search-group li').length;
    var locale = status.getAttribute('data-locale') || undefined;
    var form = 'other';
    try { form = new Intl.PluralRules(locale).select(count); } catch (error) { form = count === 1 ? 'one' : 'other'; }
    var words = status.getAttribute('data-found-' + form) || status.getAttribute('data-found-other');
    return words.replace('{count}', count.toLocaleString(locale));
  }

  function byBest(a, b) { return b.best - a.best || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind); }

  var latest = 0;
  async function run(query, ticket) {
    var typing = !/\s$/.test(query);
    var parsed = dates(query);
    var words = terms(parsed.rest);
    if (!words.length && !parsed.dates.length) {
      results.textContent = '';
      status.textContent = '';
      return;
    }
    status.textContent = status.getAttribute('data-searching');
    try {
      // Each section's candidates are drawn as soon as its shards are in, from the documents
      // in memory (those the shards carry, the first tier), before the other sections' shards
      // and the document files: a query pasted or linked shows what it can a round trip early.
      var found = [];
      await Promise.all(sections.map(function (s) {
        return searchSection(s, words, parsed.dates, typing).then(function (f) {
          if (f && f.matched > 0) found.push(f);
          if (ticket === latest && !complete) return draw(found, words, query, ticket, false);
        });
      }));
      found.sort(function (a, b) { return sections.indexOf(a.section) - sections.indexOf(b.section); });
      await draw(found, words, query, ticket, true);
    } catch (error) {
      if (ticket === latest) status.textContent = status.getAttribute('data-failed');
    }
  }

  // The results of the sections searched so far; complete once every section is in and its
  // document files read (`whole`), from memory alone before.
  async function draw(found, words, query, ticket, whole) {
    // Documents that match every word, in any section, hide those that match fewer: only the
    // sections with the best match read their document files.
    var most = Math.max.apply(null, found.map(function (f) { return f.matched; }).concat(0));
    var lists = await Promise.all(found.filter(function (f) { return f.matched === most; })
      .map(function (f) { return documents(f, whole); }));
    if (ticket !== latest || (!whole && complete)) return;
    var groups = withMemory([].concat.apply([], lists), fromMemory(query), most === 1).sort(byBest);
    if (!whole && !groups.length) return;
    show(groups, words, query, !whole);
    // (A function, so that a `$&` typed in the query is not read as a pattern of replace.)
    if (whole) status.textContent = groups.length ? shownWords() : status.getAttribute('data-none').replace('{q}', function () { return query; });
    else status.textContent = status.getAttribute('data-searching');
  }

  // The complete results keep what the memory found: a typo of a word with a shard of its own
  // ("begonais" for "begonias") is not in the shard the typo names, and the memory's documents
  // have every word of the query, so they also hide results with fewer (`all` false). A group
  // to which the memory adds results that are not among the shards' candidates has no count,
  // as a group of the memory's alone has none (show() says there may be more): the memory
  // matched a line of detail or a typo that the index does not hold, and it holds only some
  // documents ("phish" finds the recordings of the first tier by their detail, not the rest).
  // Its "more" lists the rest the memory holds.
  function withMemory(groups, first, all) {
    if (!first || !first.groups.length) return groups;
    if (!all) groups = [];
    first.groups.forEach(function (extra) {
      var group = groups.find(function (g) { return g.kind === extra.kind; });
      if (!group) {
        groups.push({ kind: extra.kind, total: null, entries: extra.entries, best: extra.best,
          more: extra.all.length > shown ? { found: null, rest: extra.all.slice(shown) } : null });
        return;
      }
      var section = group.found.section;
      var candidates = new Set(group.found.byKind[group.kind].map(function (e) { return e.doc; }));
      var paths = new Set(group.entries.map(function (e) { return e.path; }));
      extra.all.forEach(function (entry) {
        if (paths.has(entry.path)) return;
        paths.add(entry.path);
        group.entries.push(entry);
        if (entry.section !== section || !candidates.has(entry.doc)) group.total = null;
      });
      var merged = group.entries.sort(byScore);
      group.entries = merged.slice(0, shown);
      // Those the memory's pushed out of the first `shown` come first in "more", and the
      // shards' candidates the memory brought are not listed twice.
      if (group.more) {
        var listed = new Set(merged.filter(function (e) { return (e.section || section) === section; }).map(function (e) { return e.doc; }));
        group.more.rest = merged.slice(shown).concat(group.more.rest.filter(function (e) { return !listed.has(e.doc); }));
      }
      group.best = Math.max(group.best, extra.best);
    });
    return groups;
  }

  function showFromMemory(query) {
    var first = fromMemory(query);
    if (!first) return;
    show(first.groups.sort(byBest), first.words, query, true);
    status.textContent = status.getAttribute('data-searching');
  }

  // The beginnings of dates in a query being typed, as the terms whose shards answer the date
  // once it is whole: "5/8" (or "8/5" day first), "May 8" or "8 May" (the number typed last
  // complete: two digits, one no other digit can follow (a day from 4, a month from 2), or a
  // character after it) fetch the day's month-day term ("md0508", its documents of every year);
  // "1977-05" fetches the shards of the month's days ("d197705…", a beginning).
  function dateBeginnings(query) {
    var q = query.toLowerCase();
    var found = [];
    function monthDay(m, d, whole) {
      if (+m >= 1 && +m <= 12 && +d >= 1 && +d <= 31 && whole) {
        found.push({ term: 'md' + two(+m) + two(+d), prefix: false, exact: true });
      }
    }
    function whole(digits, after, least) { return !!after || digits.length === 2 || +digits >= least; }
    var match = /(?:^|[^\d\/.-])(\d{1,2})[\/.-](\d{1,2})([\/.-]'?\d{0,4})?$/.exec(q);
    if (match) {
      readings(match[1], match[2]).forEach(function (md) { monthDay(md.m, md.d, whole(match[2], match[3], md.d === match[2] ? 4 : 2)); });
    }
    match = new RegExp('\\b' + month + '\\s+(\\d{1,2})(\\D.*)?$').exec(q);
    if (match) monthDay(monthNumber(match[1]), match[2], whole(match[2], match[3], 4));
    match = new RegExp('\\b(\\d{1,2})(?:st|nd|rd|th|\\.)?\\s+' + month).exec(q);
    if (match) monthDay(monthNumber(match[2]), match[1], true);
    match = /\b(\d{4})[-\/.](\d{2}|\d(?=[-\/.]))([-\/.]\d{0,2})?$/.exec(q);
    if (match && +match[2] >= 1 && +match[2] <= 12) found.push({ term: 'd' + match[1] + two(+match[2]), prefix: true, exact: false });
    return found;
  }

  // Each key fetches the shards of the query's words and of its dates' beginnings, so that their
  // documents are in memory by the last key. The last word's wait until three letters choose at
  // most three shards ("cor": "co" and "cornell"; "de" would fetch "deal", "deer" and "dew").
  // Numbers wait for the full search: while typed they are a date's or a year's, which the
  // date's beginning and the words beside them answer.
  function prefetch(query) {
    var parsed = dates(query);
    var words = terms(parsed.rest).filter(function (w) { return /\D/.test(w); });
    var typing = !/\s$/.test(query);
    sections.forEach(function (section) {
      var pool = pools[section];
      if (!pool) return;
      queryTerms(pool.index, words, parsed.dates, typing).concat(dateBeginnings(query)).forEach(function (q) {
        var keys = shardsFor(pool.index.shards, q.term, q.prefix);
        if (q.prefix && (q.term.length < 3 || keys.length > mostShards)) return;
        (q.others || []).forEach(function (other) { keys = keys.concat(shardsFor(pool.index.shards, other, false)); });
        keys.forEach(function (key) { shard(section, key); });
      });
    });
  }

  // Each key shows the answer from memory at once; the full search waits for a pause in the
  // typing longer than between two keys (about 200 ms for a practised typist), and replaces it.
  // A query pasted (or dropped) has no keys to come: it is searched at once.
  var timer;
  input.addEventListener('input', function (event) {
    clearTimeout(timer);
    var query = input.value;
    var ticket = ++latest;
    var pasted = event.inputType === 'insertFromPaste' || event.inputType === 'insertFromDrop';
    complete = false;
    prefetch(query);
    showFromMemory(query);
    timer = setTimeout(function () {
      var url = new URL(location.href);
      url.searchParams.set('q', query);
      history.replaceState(null, '', url);
      run(query, ticket);
    }, pasted ? 0 : 350);
  });
  // Each section's index.json, with its first tier, is read before the first word is typed.
  var ready = Promise.all(sections.map(function (s) {
    return get(base + s + '/index.json').then(function (index) { if (index) readIndex(s, index); }).catch(function () {});
  })).then(function () { form.setAttribute('data-ready', ''); });
  // A query in the address (a link, the header's box) shows the answer from memory as soon as
  // the index.json files are in, a round trip before its shards.
  var initial = new URLSearchParams(location.search).get('q');
  if (initial) {
    input.value = initial;
    var ticket = ++latest;
    ready.then(function () { if (ticket === latest && !results.hasAttribute('data-query')) showFromMemory(initial); });
    run(initial, ticket);
  }
})();
