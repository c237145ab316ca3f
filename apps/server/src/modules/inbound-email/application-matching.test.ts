import { describe, expect, it } from 'vitest'
import type { ApplicationCandidate } from '../applications/index.ts'
import {
  companySimilarity,
  domainMatchesCompany,
  matchApplication,
  roleSimilarity,
} from './application-matching.ts'

const application = (id: string, company: string | null, title: string | null) =>
  ({
    id,
    company,
    title,
    status: 'APPLIED',
    applyUrl: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
  }) satisfies ApplicationCandidate

describe('company and role similarity', () => {
  it('drops legal suffixes and accents, and takes the short form people write', () => {
    expect(companySimilarity('Northwind Robotics', 'Northwind Robotics GmbH')).toBe(1)
    expect(companySimilarity('Société Générale', 'Societe Generale SA')).toBe(1)
    expect(companySimilarity('Northwind', 'Northwind Robotics')).toBe(0.9)
    expect(companySimilarity('Acme', 'Globex')).toBe(0)
  })

  it('reads the company from the sender domain, not from job boards or mail hosts', () => {
    expect(domainMatchesCompany('talent@northwind-robotics.com', 'Northwind Robotics')).toBe(true)
    expect(domainMatchesCompany('jobs@mail.quillfeather.io', 'Quillfeather Ltd')).toBe(true)
    expect(domainMatchesCompany('no-reply@greenhouse.io', 'Greenhouse Partners')).toBe(false)
    expect(domainMatchesCompany('someone@gmail.com', 'Gmail')).toBe(false)
  })

  it('compares roles by their words, ignoring gender markers', () => {
    expect(roleSimilarity('Backend Engineer (m/w/d)', 'Backend Engineer')).toBe(1)
    expect(roleSimilarity('Data Analyst', 'Backend Engineer')).toBe(0)
  })
})

describe('matchApplication', () => {
  const apps = [
    application('a', 'Northwind Robotics GmbH', 'Backend Engineer'),
    application('b', 'Quillfeather', 'Data Analyst'),
  ]
  const email = (company: string | null, role: string | null, fromAddress = 'x@mail.example') => ({
    company,
    role,
    fromAddress,
  })

  it('picks the one application at the company', () => {
    expect(matchApplication(email('Northwind Robotics', null), apps, null).match).toBe('a')
    expect(matchApplication(email(null, null, 'hr@quillfeather.io'), apps, null).match).toBe('b')
  })

  it('separates two applications at one company by the role, else leaves it to the user', () => {
    const two = [...apps, application('c', 'Northwind Robotics', 'Product Designer')]
    expect(matchApplication(email('Northwind', 'Product Designer'), two, null).match).toBe('c')
    const result = matchApplication(email('Northwind', null), two, null)
    expect(result.match).toBeNull()
    expect(result.candidates.map((candidate) => candidate.id).sort()).toEqual(['a', 'c'])
  })

  it('finds nothing for an unknown company, and follows a thread to its application', () => {
    expect(matchApplication(email('Globex', 'Backend Engineer'), apps, null).match).toBeNull()
    expect(matchApplication(email('Globex', null), apps, 'b').match).toBe('b')
  })
})
