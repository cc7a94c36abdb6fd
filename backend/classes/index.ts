/** Every cloud class the local backend serves. */
import type { ClassTemplate } from '../runtime/types'
import { accountTemplate } from './Account/template'
import { awsTemplate } from './AWS/template'

export const classTemplates: ClassTemplate[] = [accountTemplate, awsTemplate]
