import type { GetStaticProps } from 'next'
import { operatorFrom, type Operator } from './operator'

/** What a legal page is built with: the operator's details. */
export interface OperatorPageProps {
  operator: Operator
}

/**
 * A legal page's getStaticProps: the operator's details come from the server's environment when
 * the page is built (placeholders when unset). Kept apart from the page's component so that Next
 * leaves it, and the environment it reads, out of the browser's code.
 */
export const operatorStaticProps: GetStaticProps<OperatorPageProps> = () => ({ props: { operator: operatorFrom(process.env) } })
