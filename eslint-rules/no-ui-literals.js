/**
 * Text a person reads must come from the catalogue (src/shared/i18n, ADR 0020), not be written in a
 * component: this rule reports letters in JSX text, in a string child (`{'…'}`), in the attributes
 * a person reads or hears (title, alt, placeholder, aria-label, label, …) and in the first
 * argument of the calls that show text (toasts, the document title, an error's fallback text)
 * and in the properties that hold such text (`label: 'About'`).
 * Text without letters (punctuation, digits, '·', '—') passes.
 */
const READ_ATTRIBUTES = new Set([
  'title',
  'alt',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
]);
/** Calls whose string arguments reach the screen: `toast('…')`, `useDocumentTitle('…')`, … */
const SHOWING_CALLS = new Set(['toast', 'useDocumentTitle', 'errorMessage', 'confirm', 'alert']);
const SHOWING_METHODS = new Set(['success', 'error', 'info', 'warning', 'message', 'loading']);

/** Object properties that hold text for the screen: `{ to: '/about', label: 'About' }`. */
const READ_PROPERTIES = new Set([...READ_ATTRIBUTES, 'description', 'message', 'heading', 'text']);

const hasLetters = (s) => /\p{L}/u.test(s);
/** A catalogue key (`'admin.nav.dashboard'` in a label table) is not text: it is translated where shown. */
const CATALOGUE_KEY =
  /^(common|validation|public|pages|share|app|settings|admin|server)(\.[a-zA-Z0-9]+)+$/;
const isText = (s) => hasLetters(s) && !CATALOGUE_KEY.test(s);

/** The text of a literal or a template without expressions, else null. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression')
    return (
      [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ') || null
    );
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

function showsText(callee) {
  if (callee.type === 'Identifier') return SHOWING_CALLS.has(callee.name);
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'toast' &&
    callee.property.type === 'Identifier' &&
    SHOWING_METHODS.has(callee.property.name)
  );
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the catalogue (useT / <T> / t)' },
    messages: {
      text: 'User-visible text "{{text}}": add it to the catalogue (src/shared/i18n/catalog) and use useT() / <T> / t().',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 50) } });
    return {
      JSXText(node) {
        if (hasLetters(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (text && isText(text)) report(node, text);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (text && isText(text)) report(node, text);
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (!READ_PROPERTIES.has(key)) return;
        const text = literalText(node.value);
        if (text && isText(text)) report(node.value, text);
      },
      CallExpression(node) {
        if (!showsText(node.callee)) return;
        for (const arg of node.arguments) {
          const text = literalText(arg);
          if (text && isText(text)) report(arg, text);
        }
      },
    };
  },
};
