// The recording page's player: the tracks' own <audio controls> elements (which work without
// JavaScript) made into one playlist. Play/pause, previous and next buttons, the playing track
// highlighted, the next track started when one ends (or when one cannot be loaded), and only
// one track playing at a time. A play button before each title starts that track; of the
// tracks' own controls only the current one's shows (data-player-on), for its position and
// volume, instead of a player under every track of a long show.
// Nothing plays until the visitor asks. The words come from the page (data-label-*), so the
// template decides them in the site's language. No dependencies.
(function () {
  'use strict';
  var bar = document.querySelector('[data-player]');
  var list = document.querySelector('[data-playlist]');
  if (!bar || !list) return;
  var items = [];
  // The tracks of every set: each set is a list of its own under its heading.
  Array.prototype.forEach.call(list.querySelectorAll('li'), function (item) {
    if (item.querySelector('audio')) items.push(item);
  });
  if (!items.length) { bar.style.display = 'none'; return; }
  var toggle = bar.querySelector('[data-player-toggle]');
  var previous = bar.querySelector('[data-player-previous]');
  var next = bar.querySelector('[data-player-next]');
  var now = bar.querySelector('[data-player-now]');
  var current = -1;

  function audio(index) { return items[index].querySelector('audio'); }
  // A track whose sources all failed is not paused (play() was asked) but plays nothing.
  function lost(index) { return items[index].hasAttribute('data-failed'); }
  function playing(index) { return !audio(index).paused && !lost(index); }
  function title(index) {
    var element = items[index].querySelector('.track-title');
    if (!element) return '';
    // A segue's ">" at the end goes; trimmed by hand, as a pattern with two runs of spaces
    // takes time that grows with the square of a long run's length.
    var text = element.textContent.trimEnd();
    return text.endsWith('>') ? text.slice(0, -1).trimEnd() : text;
  }

  function update() {
    var failedNow = current >= 0 && lost(current);
    var playingNow = current >= 0 && playing(current);
    // The label says what a press does; no aria-pressed beside it, which would say it twice.
    toggle.textContent = bar.getAttribute(playingNow ? 'data-label-pause' : 'data-label-play');
    // A button disabled while it has the focus drops it to the page: the toggle takes it.
    [[previous, current <= 0], [next, current >= items.length - 1]].forEach(function (pair) {
      if (pair[1] && document.activeElement === pair[0]) toggle.focus();
      pair[0].disabled = pair[1];
    });
    now.textContent = current < 0 ? '' :
      bar.getAttribute(failedNow ? 'data-label-failed' : playingNow ? 'data-label-playing' : 'data-label-paused') + ' ' + title(current);
    items.forEach(function (item, index) {
      if (index === current) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
      // Each track's button is named for what a press does: pause for the one playing.
      var start = item.querySelector('.track-play');
      if (start) start.setAttribute('aria-label', bar.getAttribute(index === current && playingNow ? 'data-label-pause' : 'data-label-play') + ' ' + title(index));
    });
    room();
  }

  // The room a focused track control keeps above it (archive.css), so the sticky bar does not
  // cover it: the bar's own height, which grows as "Now playing" wraps on a narrow screen.
  function room() {
    list.style.setProperty('--player-room', (bar.offsetHeight + 12) + 'px');
  }
  window.addEventListener('resize', room);

  // Another track starts from its beginning, as in any player: not where it was paused before.
  function playFromStart(index) {
    if (index < 0 || index >= items.length) return;
    if (index !== current) audio(index).currentTime = 0;
    play(index);
  }

  function play(index) {
    if (index < 0 || index >= items.length) return;
    // Its sources have all failed already (found when the page chose one): on to the next.
    if (audio(index).networkState === HTMLMediaElement.NETWORK_NO_SOURCE) { failed(index, true); return; }
    var started = audio(index).play();
    // A browser that finds no source it can load says so through a rejected promise
    // (NotSupportedError); one that is refused for another reason (autoplay rules) just stops.
    if (started && started.catch) {
      started.catch(function (error) {
        if (error && error.name === 'NotSupportedError') failed(index, true); else update();
      });
    }
  }

  // A track none of whose sources loads (gone from archive.org, offline) is marked, said
  // so in the bar, and passed over for the next, rather than left showing "Now playing".
  function failed(index, requested) {
    items[index].setAttribute('data-failed', 'true');
    if (!requested && index !== current) return;
    if (current >= 0 && current !== index) audio(current).pause();
    current = index;
    update();
    if (index + 1 < items.length) playFromStart(index + 1);
  }

  items.forEach(function (item, index) {
    var element = audio(index);
    var start = document.createElement('button');
    start.type = 'button';
    start.className = 'track-play';
    start.setAttribute('aria-label', bar.getAttribute('data-label-play') + ' ' + title(index));
    start.addEventListener('click', function () {
      if (index === current && playing(index)) element.pause(); else if (index === current) play(index); else playFromStart(index);
    });
    item.insertBefore(start, item.firstChild);
    // The last <source> failing means none loaded; an element with its own src fails itself.
    // A source's error does not bubble, so it is caught on the way down to it.
    element.addEventListener('error', function (event) {
      var sources = element.querySelectorAll('source');
      if (event.target === element || event.target === sources[sources.length - 1]) failed(index, false);
    }, true);
    element.addEventListener('playing', function () { items[index].removeAttribute('data-failed'); });
    element.addEventListener('play', function () {
      if (current >= 0 && current !== index) audio(current).pause();
      current = index;
      update();
    });
    element.addEventListener('pause', update);
    element.addEventListener('ended', function () {
      if (index + 1 < items.length) playFromStart(index + 1);
      else update();
    });
  });

  toggle.addEventListener('click', function () {
    if (current < 0) { play(0); return; }
    if (playing(current)) audio(current).pause(); else play(current);
  });
  previous.addEventListener('click', function () { playFromStart(current - 1); });
  next.addEventListener('click', function () { playFromStart(current + 1); });
  // Left and right arrows on the bar's buttons move through the tracks.
  bar.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowLeft' && current > 0) { event.preventDefault(); playFromStart(current - 1); }
    if (event.key === 'ArrowRight' && current < items.length - 1) { event.preventDefault(); playFromStart(current + 1); }
  });

  bar.hidden = false;
  list.setAttribute('data-player-on', '');
  update();
})();
