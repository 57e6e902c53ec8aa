// The prerendered visitor's dashboard (docs/decisions/0053) is whole without scripts: they load once it has painted,
// not beside its stylesheet. The server lists them (entry first) in the page's JSON, in place of index.html's
// <script> and <link rel="modulepreload"> tags; this file is the page's only script tag. A hidden tab does not
// paint: there they load at once.
const data = JSON.parse(document.getElementById('fixpoint-prerender')?.textContent ?? '{}');
const [entry, ...chunks] = Array.isArray(data.scripts) ? data.scripts : [];
let isStarted = false;

function start() {
  if (isStarted || !entry) return;
  isStarted = true;
  const links = document.createDocumentFragment();
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  import(entry);
}

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
