// Starts the app once the page the server drew is on screen. The page needs no script to show,
// so its scripts are asked for after its largest paint rather than competing with its
// stylesheets and pictures; the server writes the entry and its chunks into data-entry and
// data-preload. A browser that cannot report that paint, or a page opened out of sight (which
// reports none), starts at once; the load event is a last resort.
(function () {
  var self = document.currentScript;
  var entry = self.getAttribute('data-entry');
  var preload = (self.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState !== 'visible' || types.indexOf('largest-contentful-paint') < 0) {
    start();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    observer.disconnect();
    start();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  document.addEventListener('visibilitychange', start);
  addEventListener('load', function () {
    setTimeout(start, 3000);
  });
})();
