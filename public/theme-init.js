// Runs before the first paint so a stored or system dark preference never flashes light.
(function () {
  try {
    var stored = localStorage.getItem('darkMode');
    var dark =
      stored === null ? matchMedia('(prefers-color-scheme: dark)').matches : stored === 'true';
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  } catch (e) {
    document.documentElement.dataset.theme = 'light';
  }
})();
