/**
 * What `/docs` adds to Swagger UI so the reference is usable with a screen reader, a keyboard and
 * low vision (axe-core finds no violation of any impact, collapsed or expanded: the browser test
 * checks both, at phone and laptop widths). Swagger UI's own markup and colours fall short in
 * known ways; each repair below names the one it answers.
 */

// Reading only: API keys are server-to-server (browser requests are refused), so "Try it out" is
// off; the validator badge would call validator.swagger.io, so it is off too. Deep links are off:
// Swagger UI draws each one as a link inside the operation's toggle button, an interactive control
// nested in another that screen readers cannot reach.
export const REFERENCE_SCRIPT = `(function () {
  'use strict';

  function accessiblePlugin(system) {
    var React = system.React;
    return {
      wrapComponents: {
        // The servers picker only feeds "Try it out", and its select has no label.
        ServersContainer: function () {
          return function () {
            return null;
          };
        },
        // The title and introduction sit outside Swagger UI's <main>: a labelled region of their own.
        InfoContainer: function (Original) {
          return function (props) {
            return React.createElement('section', { 'aria-label': 'About the API' }, React.createElement(Original, props));
          };
        },
      },
    };
  }

  function operationName(table) {
    var operation = table.closest('.opblock');
    if (!operation) return '';
    var method = operation.querySelector('.opblock-summary-method');
    var path = operation.querySelector('.opblock-summary-path, .opblock-summary-operation-id');
    return [method && method.textContent, path && path.textContent].filter(Boolean).join(' ');
  }

  // Heading levels as the page reads: the title (h1), then tags, Webhooks and Schemas (h2), then
  // an open operation's sections (h3). Swagger UI skips levels (h1 to h3, h2 to h4). Its
  // response tables are each a region without a name: named after their operation. An example
  // too long for its box scrolls, so a keyboard must be able to reach it.
  function repair(root) {
    root.querySelectorAll('h3.opblock-tag, .models > h4, section.models h4:first-child').forEach(function (heading) {
      if (heading.getAttribute('aria-level') !== '2') heading.setAttribute('aria-level', '2');
    });
    root.querySelectorAll('.opblock-body h4').forEach(function (heading) {
      if (heading.getAttribute('aria-level') !== '3') heading.setAttribute('aria-level', '3');
    });
    root.querySelectorAll('table.responses-table[role="region"]').forEach(function (table) {
      var name = 'Responses of ' + operationName(table);
      if (table.getAttribute('aria-label') !== name) table.setAttribute('aria-label', name);
    });
    root.querySelectorAll('pre').forEach(function (example) {
      if (!example.hasAttribute('tabindex')) example.setAttribute('tabindex', '0');
    });
  }

  window.addEventListener('DOMContentLoaded', function () {
    var root = document.getElementById('reference');
    new MutationObserver(function () {
      repair(root);
    }).observe(root, { childList: true, subtree: true });
    window.ui = SwaggerUIBundle({
      url: '/api/v1/openapi.json',
      dom_id: '#reference',
      deepLinking: false,
      validatorUrl: null,
      supportedSubmitMethods: [],
      defaultModelsExpandDepth: 0,
      // Highlighted examples colour numbers and strings too faintly on the dark background.
      syntaxHighlight: false,
      docExpansion: 'list',
      presets: [SwaggerUIBundle.presets.apis],
      plugins: [accessiblePlugin],
      layout: 'BaseLayout',
    });
  });
})();
`;

/**
 * Swagger UI's colours where they are too faint to read (WCAG 2 AA, 4.5:1 for text): white on its
 * light green, blue and orange method badges, grey on grey, purple code on mint. Same hues, darker.
 */
export const REFERENCE_STYLE = `
  .swagger-ui .info .title small pre.version { background: #4a5565; }
  .swagger-ui .info .title small.version-stamp { background: #3d6b00; }
  .swagger-ui .info .title small.version-stamp pre.version { background: #3d6b00; }
  .swagger-ui .info a, .swagger-ui .info .url, .swagger-ui .markdown a, .swagger-ui .renderedMarkdown a { color: #0b57d0; }
  .swagger-ui .btn.authorize { color: #13653f; border-color: #13653f; }
  .swagger-ui .btn.authorize svg { color: #13653f; }
  .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #13653f; }
  .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b57d0; }
  .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
  .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
  .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0b6b5c; }
  .swagger-ui .opblock.opblock-head .opblock-summary-method,
  .swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5b3fa6; }
  /* Deprecated aliases: greyed by opacity, which takes their text below 4.5:1; struck through instead. */
  .swagger-ui .opblock.opblock-deprecated { opacity: 1; }
  .swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #4a5565; }
  .swagger-ui .opblock.opblock-deprecated .opblock-summary-path,
  .swagger-ui .opblock.opblock-deprecated .opblock-summary-path a,
  .swagger-ui .opblock.opblock-deprecated .opblock-summary-description { color: #3d4654; }
  .swagger-ui .parameter__in, .swagger-ui .parameter__deprecated, .swagger-ui .prop-format { color: #4a5565; }
  .swagger-ui .markdown code, .swagger-ui .renderedMarkdown code { color: #6a0dad; }
  .swagger-ui .json-schema-2020-12-expand-deep-button { color: #3d4654; }
  .swagger-ui pre:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  /* Phones: examples wrap instead of scrolling sideways, and the responses' empty Links column goes. */
  @media (max-width: 40rem) {
    .swagger-ui pre { white-space: pre-wrap; overflow-wrap: anywhere; }
    .swagger-ui .responses-table .response-col_links { display: none; }
  }
`;
