/**
 * ESLint rule `house/no-hard-coded-text`: every word a person reads comes from the catalogues
 * (retter/dependencies/BeanBloomKit/i18n/messages), so a component or page may not write one
 * itself. Refused: JSX text with a letter in it, and a string (or template) with a letter given to
 * an attribute a person reads or hears (`aria-label`, `title`, `alt`, `placeholder`, `label`, ...).
 * Names, codes and symbols without letters ("·", "€", "404") pass; so does a brand's own name.
 */

/** The attributes whose value a person reads or a screen reader says. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'alt', 'placeholder', 'label', 'data-label'])
/** Words that are the same in every language: the brand. */
const SAME_EVERYWHERE = new Set(['Bean & Bloom', 'Bean &amp; Bloom', 'Bean', 'Bloom', 'Bean & Bloom Coffee House'])
const LETTER = /\p{L}/u

/**
 * Whether `text` holds a word a person would read (a letter outside the brand's name).
 * @param {string} text
 */
export function isReadableText(text) {
  const trimmed = text.trim()
  return trimmed.length > 0 && LETTER.test(trimmed) && !SAME_EVERYWHERE.has(trimmed)
}

/** @type {import('eslint').Rule.RuleModule} */
export const hardCodedTextRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Words a person reads come from the catalogues, not from the component.' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({
      node,
      message: `"${text.trim().replace(/\s+/g, " ").slice(0, 40)}" is written in the component: put it in the catalogue (BeanBloomKit/i18n/messages) and show it with t().`,
    })
    const attributeText = (value) => {
      if (!value) return null
      if (value.type === 'Literal' && typeof value.value === 'string') return value.value
      if (value.type === 'JSXExpressionContainer') {
        const expression = value.expression
        if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value
        if (expression.type === 'TemplateLiteral') return expression.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ')
      }
      return null
    }
    return {
      JSXText(node) {
        if (isReadableText(node.value)) report(node, node.value)
      },
      JSXExpressionContainer(node) {
        // {'Some words'} or {`Some ${x} words`} as a child of an element.
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return
        const expression = node.expression
        const text = expression.type === 'Literal' && typeof expression.value === 'string' ? expression.value
          : expression.type === 'TemplateLiteral' ? expression.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ') : null
        if (text !== null && isReadableText(text)) report(node, text)
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : `${node.name.namespace.name}:${node.name.name.name}`
        if (!READ_ATTRIBUTES.has(name)) return
        const text = attributeText(node.value)
        if (text !== null && isReadableText(text)) report(node, text)
      },
    }
  },
}
