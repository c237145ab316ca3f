import { describe, expect, it } from 'vitest'
import { displaySkillName, extractSkills } from './skill-extractor.ts'

describe('extractSkills', () => {
  it('finds names with symbols and dots on word boundaries: C++, C#, Node.js, .NET', () => {
    expect(
      extractSkills(
        'We use C++, C#, Node.js and .NET. Experience with ASP.NET, Python 3.11 and TypeScript/React is a plus.',
      ),
    ).toEqual(['C++', 'C#', 'Node.js', '.NET', 'ASP.NET', 'Python', 'TypeScript', 'React'])
  })

  it('finds short names and common spellings under their display name', () => {
    expect(
      extractSkills('SQL (Postgres or MySQL), AWS, K8s and Docker; Golang, Jira and Excel.'),
    ).toEqual(['SQL', 'PostgreSQL', 'MySQL', 'AWS', 'Kubernetes', 'Docker', 'Go', 'JIRA', 'Excel'])
  })

  it('prefers the longest name: "Microsoft SQL Server" is not also "SQL"', () => {
    expect(extractSkills('Microsoft SQL Server and Microsoft Word')).toEqual([
      'SQL Server',
      'Microsoft Word',
    ])
  })

  it('leaves ordinary English alone', () => {
    expect(
      extractSkills(
        'Go above and beyond. React quickly to customer needs. Excel at communication. Our chef ' +
          'cooks lunch. R&D team. C-level executives. A word about access to the project.',
      ),
    ).toEqual([])
  })

  it('finds one-letter languages only where they stand alone', () => {
    expect(extractSkills('Fluent in R and C/C++.')).toEqual(['R', 'C', 'C++'])
  })

  it('gives O*NET names a short display name', () => {
    expect(displaySkillName('Oracle Java')).toBe('Java')
    expect(displaySkillName('Structured query language SQL')).toBe('SQL')
    expect(displaySkillName('Amazon Web Services AWS software')).toBe('AWS')
    expect(displaySkillName('Microsoft .NET Framework')).toBe('.NET')
    expect(displaySkillName('Microsoft Word')).toBe('Microsoft Word')
    expect(displaySkillName('Python')).toBe('Python')
  })
})
