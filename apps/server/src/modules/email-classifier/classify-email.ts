/**
 * `classifyEmail`: a recruiting email's type (interview invitation, offer, rejection or other),
 * the company and role it is about, and how sure the classifier is. Pure and deterministic: no
 * network, no model, no database. Design, figures and threshold: docs/decisions/0017.
 */
import type { BayesModel } from './bayes.ts'
import { decideType } from './classify.ts'
import { decideCompany } from './company.ts'
import { prepareEmail } from './prepare.ts'
import { decideRole } from './role.ts'
import type { EmailClassification, EmailMessage } from './types.ts'

export interface ClassifyOptions {
  /** The naive Bayes backstop; null to classify by the phrase rules alone. */
  bayes?: BayesModel | null
}

export function classifyEmail(
  message: EmailMessage,
  options: ClassifyOptions = {},
): EmailClassification {
  const prepared = prepareEmail(message)
  const decision =
    options.bayes === undefined ? decideType(prepared) : decideType(prepared, options.bayes)
  const company = decideCompany(prepared)
  const role = decideRole(prepared, company.company)
  return {
    type: decision.type,
    company: company.company,
    role,
    confidence: decision.confidence,
    reasons: [...decision.reasons, ...company.reasons.map((reason) => `company: ${reason}`)],
    forwarded: prepared.forwarded,
  }
}
