// The tricky cases of the recruiting-email classifier (ADR 0017), each a message written for the
// test: negations, interview words in rejections, "offer" that is no offer, confirmations,
// alerts, tasks and reminders, four languages, forwards, replies, HTML-only mail and the company
// read from display names, domains and the body.
import { describe, expect, it } from 'vitest'
import { classifyEmail, type EmailMessage, parseRawEmail } from './index.ts'

function mail(
  subject: string,
  text: string,
  from: string | { name: string; address: string } = {
    name: 'Acme Recruiting',
    address: 'jobs@acme.com',
  },
): EmailMessage {
  const sender =
    typeof from === 'string'
      ? {
          name: /^(.*?)\s*</.exec(from)?.[1] ?? '',
          address: /<(.+)>/.exec(from)?.[1] ?? from,
        }
      : from
  return { subject, from: sender, text }
}

describe('classifyEmail: the type', () => {
  it('reads a rejection that thanks for the interview as a rejection', () => {
    const result = classifyEmail(
      mail(
        'Your interview with Acme',
        `Hi Lena,

Thank you for interviewing with us for the Data Engineer role. We enjoyed our conversations.

Unfortunately, we have decided to move forward with another candidate whose experience is a closer match.

Best of luck,
Acme Recruiting`,
      ),
    )
    expect(result.type).toBe('rejection_received')
    expect(result.confidence).toBeGreaterThanOrEqual(0.7)
  })

  it('reads "we are unable to offer you" as a rejection, not an offer', () => {
    const result = classifyEmail(
      mail(
        'Your application',
        `Dear Marco,

Thank you for your application. Having reviewed all candidates, we are unable to offer you a position on this occasion.

Kind regards,
Acme`,
      ),
    )
    expect(result.type).toBe('rejection_received')
  })

  it('reads "we won\'t be extending an offer" as a rejection', () => {
    const result = classifyEmail(
      mail(
        'Brand Manager - update',
        `Hi Yara,

We know how much effort goes into interviews and we appreciated yours. After much deliberation, we won't be extending an offer for the Brand Manager role.

Acme People Team`,
      ),
    )
    expect(result.type).toBe('rejection_received')
  })

  it('lets a negated offer in a sentence count for the rejection, not for the offer', () => {
    const result = classifyEmail(
      mail(
        'Offer update',
        'Hi Sam, we regret that we will not be extending you an offer for the Analyst role.',
      ),
    )
    expect(result.type).toBe('rejection_received')
  })

  it('reads an offer written without the word offer as an offer', () => {
    const result = classifyEmail(
      mail(
        'Welcome aboard!',
        `Hi Tomasz,

The team would love for you to join Acme as our new Product Analyst! Attached is your employment contract: a base salary of EUR 62,000 and a start date of 1 April. Please sign and return it by Wednesday.

Hannah`,
      ),
    )
    expect(result.type).toBe('offer_received')
  })

  it('does not take "we offer flexible scheduling" for an offer', () => {
    const result = classifyEmail(
      mail(
        'Next steps',
        `Hi Lena,

We would love to invite you to a 45-minute video interview with our Head of Design. Please pick a time that suits you using the link below. We offer flexible scheduling, including early morning slots.

Maya`,
      ),
    )
    expect(result.type).toBe('interview_invitation')
  })

  it('does not take "we offer a competitive package" in a recruiter\'s first message for an offer', () => {
    const result = classifyEmail(
      mail(
        'Platform Engineer opportunity at Acme',
        `Hi Aleks,

I came across your profile and think you could be a great fit for our platform team. We offer a competitive package, equity and remote work. Would you be open to hearing more?

Carla, Senior Recruiter at Acme`,
      ),
    )
    expect(result.type).toBe('other')
  })

  it('reads an application confirmation that mentions a possible interview as other', () => {
    const result = classifyEmail(
      mail(
        'We have received your application',
        `Dear Jonas,

Thank you for your application for the position of Supply Chain Analyst. This email confirms that we have received your application. Should your background match the requirements, we will contact you to schedule an interview.

Acme Talent Acquisition`,
      ),
    )
    expect(result.type).toBe('other')
  })

  it('counts an interview that is only supposed ("if your profile matches…") for little', () => {
    const result = classifyEmail(
      mail(
        'Thanks for applying to Acme',
        'Hi Nora, if your profile matches what we need, we will invite you to an interview and schedule a call with the hiring manager.',
      ),
    )
    expect(result.type).toBe('other')
  })

  it('reads a job alert, a coding assessment and an interview reminder as other', () => {
    const alert = classifyEmail(
      mail(
        '15 new Marketing Manager jobs in Berlin',
        `Marketing Manager - Kestrel Foods - Berlin. We offer a competitive salary.
Senior Marketing Manager - Orbis Travel - Berlin
See all jobs. You are receiving this job alert because you signed up. Unsubscribe`,
        { name: 'Indeed', address: 'alert@indeed.com' },
      ),
    )
    const assessment = classifyEmail(
      mail(
        'Next step: complete your coding assessment',
        `Hi Ben, thanks for applying. As a next step, please complete a short online coding assessment on CodeSignal within 5 days.`,
      ),
    )
    const reminder = classifyEmail(
      mail(
        'Reminder: your interview tomorrow',
        `Hi Chloé, just a reminder that your interview with Acme is tomorrow at 2pm. Ask for Rhys at reception.`,
      ),
    )
    expect([alert.type, assessment.type, reminder.type]).toEqual(['other', 'other', 'other'])
  })

  it('reads German, French and Spanish invitations, rejections and offers', () => {
    const cases: [string, string, string][] = [
      [
        'Einladung zum Vorstellungsgespräch',
        'Sehr geehrte Frau Vogt, wir laden Sie herzlich zu einem Vorstellungsgespräch am Dienstag um 10 Uhr ein.',
        'interview_invitation',
      ],
      [
        'Ihre Bewerbung',
        'Sehr geehrter Herr Yilmaz, nach eingehender Prüfung können wir Ihnen leider keine Stelle anbieten.',
        'rejection_received',
      ],
      [
        'Gute Nachrichten',
        'Hallo Herr Schulz, wir möchten Sie sehr gerne als Data Analyst an Bord haben! Den Arbeitsvertrag schicke ich Ihnen im Anhang.',
        'offer_received',
      ],
      [
        'Convocation',
        'Bonjour, nous avons le plaisir de vous convier à un entretien le mardi 17 mars à 14h30.',
        'interview_invitation',
      ],
      [
        'Votre candidature',
        "Bonjour, nous sommes au regret de ne pas être en mesure de vous proposer ce poste, d'autres candidatures correspondant davantage au profil.",
        'rejection_received',
      ],
      [
        "Proposition d'embauche",
        'Bonjour, nous avons le plaisir de vous proposer le poste de Chef de projet en CDI. Vous trouverez ci-joint la promesse d’embauche.',
        'offer_received',
      ],
      [
        'Entrevista',
        'Hola Javier, nos gustaría invitarte a una entrevista por videollamada con el equipo técnico. ¿Te vendría bien el jueves?',
        'interview_invitation',
      ],
      [
        'Proceso de selección',
        'Estimada Sra. García: lamentamos comunicarle que en esta ocasión no podemos ofrecerle el puesto.',
        'rejection_received',
      ],
      [
        '¡Buenas noticias!',
        'Hola Javier, nos complace ofrecerte el puesto de Ingeniero de Software. Te adjuntamos la carta oferta.',
        'offer_received',
      ],
    ]
    for (const [subject, text, type] of cases) {
      expect([subject, classifyEmail(mail(subject, text)).type]).toEqual([subject, type])
    }
  })

  it('does not read a French or Spanish job alert ("offres", "ofertas") as an offer', () => {
    const fr = classifyEmail(
      mail(
        "5 nouvelles offres d'emploi pour vous",
        'Voici les nouvelles offres qui correspondent à votre alerte : Développeur React – Mistral Voyages. Voir toutes les offres.',
        { name: 'Welcome to the Jungle', address: 'alerts@welcometothejungle.com' },
      ),
    )
    const es = classifyEmail(
      mail(
        'Nuevas ofertas de empleo',
        'Hola Laura, tenemos 8 nuevas ofertas que encajan con tu alerta. Ofrecemos salario competitivo.',
        { name: 'InfoJobs', address: 'alertas@infojobs.net' },
      ),
    )
    expect([fr.type, es.type]).toEqual(['other', 'other'])
  })

  it('ignores quoted reply history', () => {
    const result = classifyEmail(
      mail(
        'Re: Content Strategist application',
        `Hi Leo,

We'd like to have you in for an interview with our editorial director. Are you free on Wednesday at 11am?

Rachel

On Mon, 2 Mar 2026 at 10:14, Leo Martin <leo@example.net> wrote:
> Unfortunately I couldn't attach the video, we have decided to move forward with other candidates.`,
        { name: 'Rachel Adams', address: 'rachel@greyhoundmedia.co' },
      ),
    )
    expect(result.type).toBe('interview_invitation')
  })

  it('reads an HTML-only message', () => {
    const result = classifyEmail({
      subject: 'Update regarding your application',
      from: { name: 'Halvorsen Logistics Careers', address: 'halvorsen@myworkday.com' },
      html: '<html><body><p>Dear Jonas,</p><p>We regret to inform you that we have decided to pursue other candidates.</p></body></html>',
    })
    expect(result.type).toBe('rejection_received')
    expect(result.company).toBe('Halvorsen Logistics')
  })

  it('is unsure of a message with no recruiting evidence', () => {
    const result = classifyEmail(
      mail('Quick question', 'Hi, could you send me your CV as a PDF? Thanks, Tom', {
        name: 'Tom',
        address: 'tom@example.org',
      }),
    )
    expect(result.type).toBe('other')
    expect(result.confidence).toBeLessThan(0.7)
  })
})

describe('classifyEmail: the company and the role', () => {
  const rejection = 'Unfortunately, we will not be moving forward with your application.'

  it('reads "X via Greenhouse", "Talent Team at X", "Priya from X" and "X Recruiting"', () => {
    const names: [string, string, string][] = [
      ['Acme Robotics via Greenhouse', 'no-reply@us.greenhouse-mail.io', 'Acme Robotics'],
      ['Talent Team at Meridian', 'talent@meridianpay.eu', 'Meridian'],
      ['Priya from Quillstone', 'priya@quillstone.dev', 'Quillstone'],
      ['Brightpath Recruiting', 'no-reply@us.greenhouse-mail.io', 'Brightpath'],
    ]
    for (const [name, address, company] of names) {
      expect(classifyEmail(mail('Update', rejection, { name, address })).company).toBe(company)
    }
  })

  it('reads the company from its own domain, not from a mail provider or an ATS', () => {
    const own = classifyEmail(
      mail('Update', rejection, { name: 'Anna Keller', address: 'anna@careers.acme-robotics.de' }),
    )
    const gmail = classifyEmail(
      mail('Update', `${rejection}\n\nTom`, { name: 'Tom Becker', address: 'tom.b@gmail.com' }),
    )
    expect(own.company).toBe('Acme Robotics')
    expect(gmail.company).toBeNull()
  })

  it('reads the company from the body and drops the legal form', () => {
    const result = classifyEmail(
      mail(
        'Ihre Bewerbung',
        `Sehr geehrte Frau Huber,

vielen Dank für Ihre Bewerbung bei der Alpenblick Versicherung AG. Leider können wir Ihre Bewerbung nicht berücksichtigen.

Mit freundlichen Grüßen`,
        { name: 'Recruiting', address: 'noreply@personio.de' },
      ),
    )
    expect(result.company).toBe('Alpenblick Versicherung')
  })

  it('reads the role from "for the position of X" and "als X (m/w/d)"', () => {
    expect(
      classifyEmail(
        mail(
          'Update',
          'Thank you for applying for the position of Supply Chain Analyst. We regret to inform you that we have decided to pursue other candidates.',
        ),
      ).role,
    ).toBe('Supply Chain Analyst')
    expect(
      classifyEmail(
        mail(
          'Ihre Bewerbung als Controller (m/w/d)',
          'Leider müssen wir Ihnen mitteilen, dass wir Ihre Bewerbung nicht berücksichtigen können.',
        ),
      ).role,
    ).toBe('Controller')
  })

  it('classifies and names the original message of a forward', () => {
    const result = classifyEmail(
      mail(
        'Fwd: Actuarial Analyst application',
        `fyi - another one :(

---------- Forwarded message ---------
From: Marlowe Insurance Careers <careers@marlowe-insurance.co.uk>
Date: Tue, 3 Mar 2026 at 09:12
Subject: Actuarial Analyst application
To: sophie@example.net

Dear Sophie,

I am sorry to say that on this occasion you have not been shortlisted for interview.

Recruitment Team`,
        { name: 'Sophie Turner', address: 'sophie.turner@gmail.com' },
      ),
    )
    expect(result).toMatchObject({
      type: 'rejection_received',
      company: 'Marlowe Insurance',
      forwarded: true,
    })
  })

  it('is deterministic', () => {
    const message = mail('Interview invitation', 'We would like to invite you to an interview.')
    expect(classifyEmail(message)).toEqual(classifyEmail(message))
  })
})

describe('classifyEmail: wordings of the blind-2 batch (ADR 0017)', () => {
  const type = (subject: string, text: string, from?: string) =>
    classifyEmail(from ? mail(subject, text, from) : mail(subject, text)).type

  it('reads gender-inclusive German forms ("eine:n andere:n Kandidat:in")', () => {
    expect(
      type(
        'Ihre Bewerbung',
        'Sehr geehrter Herr Keller, nach reiflicher Überlegung haben wir uns für eine:n andere:n Kandidat:in entschieden.',
      ),
    ).toBe('rejection_received')
  })

  it('reads "we cannot offer you" as a rejection and "we offer our thanks" as no offer', () => {
    // By the rules alone: the naive Bayes must not be what saves it.
    const result = classifyEmail(
      mail(
        'Update',
        'Hi Sam, thanks for your patience. We cannot offer you the position. We offer our sincere thanks for your time.',
      ),
      { bayes: null },
    )
    expect(result.type).toBe('rejection_received')
    expect(result.reasons.join('\n')).not.toMatch(/^offer/m)
  })

  it('reads casual and agency offers and invitations without the usual words', () => {
    expect(
      type(
        'Brackenridge!!',
        'Sam — they want you! Brackenridge Bank have come back with £71k + 10% bonus. Call me.',
      ),
    ).toBe('offer_received')
    expect(
      type(
        'Goed nieuws',
        'Beste Sam, we willen je graag aannemen als Projectleider! In de bijlage het arbeidsvoorwaardenvoorstel.',
      ),
    ).toBe('offer_received')
    expect(
      type(
        'Stage 3',
        'Dear Sam, we would like you to come back for the third stage: a case study presentation to the partners.',
      ),
    ).toBe('interview_invitation')
    expect(type('zoom?', 'Hey Sam, does Friday 3pm work for a quick zoom with me? Jo')).toBe(
      'interview_invitation',
    )
  })

  it('reads webinars, process descriptions and calendar replies as other', () => {
    expect(
      type('Join us', 'Hi Sam, we would love to invite you to our careers webinar on Thursday.'),
    ).toBe('other')
    expect(
      type(
        'Accepted: Interview - Sam Keller',
        'Nina Patel has accepted this invitation. Thursday 11:30 (GMT)',
      ),
    ).toBe('other')
  })

  it('names the client, not the agency, when a recruiter writes about one', () => {
    const result = classifyEmail(
      mail(
        'Feedback',
        'Hi Sam,\n\nJust heard back from Brackenridge Bank on the Credit Analyst role — unfortunately they have decided not to progress.\n\nTom\nSenior Consultant | Northgate Recruitment',
        'Tom Feltham <tom.feltham@northgate-recruitment.co.uk>',
      ),
    )
    expect(result).toMatchObject({ type: 'rejection_received', company: 'Brackenridge Bank' })
  })

  it('reads "Name (Company)", "Marieke de Vries" and a run-together domain', () => {
    const company = (from: string, text = 'Hi Sam, are you free on Tuesday for a call?') =>
      classifyEmail(mail('chat', text, from)).company
    expect(company('Mateo (Velora) <mateo@velora.app>')).toBe('Velora')
    expect(company('Marieke de Vries <m.devries@vlietlandbouw.nl>')).toBe('Vlietland Bouw')
    expect(company('Lucía Ortega <lucia.ortega@grupoalmendra.es>')).toBe('Grupo Almendra')
    // The domain's "ue" in the body's own spelling.
    expect(
      company(
        'Anja Roth <anja@lindgruen-software.de>',
        'Hallo Sam, hast Du Zeit für ein Gespräch? Viele Grüße vom Lindgrün-Team',
      ),
    ).toBe('Lindgrün Software')
  })
})

describe('classifyEmail: wordings of the blind-4 and blind-5 batches (ADR 0017)', () => {
  // By the rules alone: the naive Bayes backstop must not be what passes these.
  const rules = (subject: string, text: string, from?: string) =>
    classifyEmail(from ? mail(subject, text, from) : mail(subject, text), { bayes: null })

  it('reads the answer on top of a reply, not the quoted "From:/Sent:" history under it', () => {
    const result = rules(
      'RE: Interview on Thursday',
      `Hi Sam,

Thanks again for coming in. We've decided not to proceed further with your application.

Ben

From: Ben Okafor <ben.okafor@acme.com>
Sent: Monday, November 9, 2026 10:15 AM
To: Sam Keller <sam@example.net>
Subject: Interview on Thursday

Hi Sam, we'd love to invite you to an interview on Thursday at 2pm. We are pleased to invite you.`,
    )
    expect(result.type).toBe('rejection_received')
    expect(result.reasons.join('\n')).not.toMatch(/^interview/m)
  })

  it('does not let a reply\'s subject ("Re: Interview invitation") decide the message', () => {
    expect(
      rules(
        'Re: Interview invitation',
        'Thanks for letting me know, Sam - totally understand, and congratulations on the new job.',
      ).type,
    ).toBe('other')
  })

  it('reads terse mobile replies: a time proposed as a question, "we went another way"', () => {
    expect(rules('Re: chat', 'tmrw 2pm still good for you? will send a meet link').type).toBe(
      'interview_invitation',
    )
    expect(
      rules('Re: us', '¡Hola Sam! ¿Te viene bien el miércoles a las 17h? Te paso enlace de Meet.')
        .type,
    ).toBe('interview_invitation')
    expect(
      rules('Re: Producer role', 'Hey Sam, sorry - we went another way on this one. Good luck!')
        .type,
    ).toBe('rejection_received')
  })

  it('reads Italian, Dutch and Portuguese offers without the word "offer"', () => {
    expect(
      rules(
        'Benvenuto!',
        'Ciao Sam, abbiamo il piacere di offrirti il ruolo. Ti mando il contratto domani.',
      ).type,
    ).toBe('offer_received')
    expect(
      rules(
        'Welkom',
        'Wat fijn dat je ons team komt versterken! In de bijlage je arbeidsovereenkomst.',
      ).type,
    ).toBe('offer_received')
    expect(
      rules(
        'Resultado',
        'Oi Sam, você foi aprovado no processo seletivo! Segue a carta com a proposta salarial.',
      ).type,
    ).toBe('offer_received')
  })

  it('takes a decision stated only in the subject over the portal boilerplate of the body', () => {
    expect(
      rules(
        'Update: you were not selected for Site Reliability Engineer',
        'Hi Sam, thank you for your interest. You can view the status of your applications in your candidate portal.',
      ).type,
    ).toBe('rejection_received')
    expect(
      rules('Candidatura no seleccionada', 'Puede consultar el estado en el portal del candidato.')
        .type,
    ).toBe('rejection_received')
  })

  it('reads "qualora il suo profilo…" as a supposition, not an invitation', () => {
    expect(
      rules(
        'Conferma candidatura',
        'Gentile Sam, grazie per la candidatura. Qualora il suo profilo fosse in linea, la contatteremo per un colloquio.',
      ).type,
    ).toBe('other')
  })

  it("names the organiser's company of a calendar invitation, not the calendar", () => {
    const result = rules(
      'Invitation: Interview: Sam Keller / Category Manager @ Thu 19 Nov 2026 10:00',
      'Olivia Marsh has invited you to an event.\nJoining info: meet.google.com/xkq\nOrganizer: olivia.marsh@brindlefoods.com\n\nInvitation from Google Calendar',
      'Olivia Marsh (Google Calendar) <calendar-notification@google.com>',
    )
    expect(result).toMatchObject({ type: 'interview_invitation', company: 'Brindle Foods' })
  })

  it('folds a short name into the fuller one the signature gives, and drops team words', () => {
    expect(
      rules(
        'Ihre Vertragsunterlagen',
        'Guten Tag, anbei Ihr Arbeitsvertrag.\n\nMit freundlichen Grüßen\nPersonalabteilung\nBergmann Medizintechnik GmbH',
        'Personalabteilung Bergmann <personal@bergmann-medtech.de>',
      ).company,
    ).toBe('Bergmann Medizintechnik')
    expect(
      rules(
        'Proceso',
        'Hola Sam, hemos optado por otro perfil.\n\nEquipo de Talento – Marea Energía',
        'Talento Marea Energía <talento@mareaenergia.es>',
      ).company,
    ).toBe('Marea Energía')
  })
})

describe('classifyEmail: mechanisms added after the blind-7 batch (ADR 0017)', () => {
  const rules = (subject: string, text: string, from?: string) =>
    classifyEmail(from ? mail(subject, text, from) : mail(subject, text), { bayes: null })

  it('reads other candidates of a decision still pending as no rejection', () => {
    expect(
      rules(
        'After your interview',
        'Hi Ana, thanks for your time today. We are still meeting other candidates this week and expect to make a decision by Friday.',
      ).type,
    ).toBe('other')
  })

  it('reads a trial day, a group exercise and a visit asked for as invitations, a trial day thanked for not', () => {
    expect(
      rules(
        'Bewerbung',
        'Hallo Jan, wir möchten dich zu einem Schnuppertag in unserer Werkstatt einladen. Passt dir Montag?',
      ).type,
    ).toBe('interview_invitation')
    expect(
      rules(
        'Proceso',
        'Hola Ana, queremos invitarte a nuestra dinámica de grupo del lunes a las 9:00.',
      ).type,
    ).toBe('interview_invitation')
    expect(
      rules(
        'Your CV',
        'Hi Jo, thanks for your CV. Could you pop in to the shop on Friday afternoon for a chat with the manager?',
      ).type,
    ).toBe('interview_invitation')
    const thanked = rules(
      'Danke!',
      'Hey Jan, danke fürs Probearbeiten am Samstag! Wir würden dich gern fest ins Team holen, den Vertrag bereite ich vor.',
    )
    expect(thanked.reasons.join('\n')).not.toMatch(/^interview .*probearbeit/m)
  })

  it('reads a signed contract acknowledged and references asked for as other', () => {
    expect(
      rules(
        'AW: Unterlagen',
        'Hallo Jan, dein unterschriebener Arbeitsvertrag ist heute bei uns eingegangen. Bis bald!',
      ).type,
    ).toBe('other')
    expect(
      rules(
        'Next steps',
        'Dear Jo, as the next step in our process, could you send us the details of two referees, one of them your current line manager?',
      ).type,
    ).toBe('other')
  })

  it('reads Polish invitations, offers and rejections', () => {
    expect(
      rules('Rekrutacja', 'Dzień dobry, zapraszamy na rozmowę rekrutacyjną w czwartek o 10:00.')
        .type,
    ).toBe('interview_invitation')
    expect(
      rules('Decyzja', 'Z przyjemnością składamy Pani ofertę zatrudnienia na stanowisku księgowej.')
        .type,
    ).toBe('offer_received')
    expect(rules('Rekrutacja', 'Niestety, zdecydowaliśmy się na innego kandydata.').type).toBe(
      'rejection_received',
    )
  })

  it('names the employer of "Person | Employer", a signature under a personal address, and a job board notice', () => {
    expect(
      rules(
        'Thanks',
        'Hi Jo, we went another way this time. All the best.',
        'Kim | Otter & Reed <kim@otterandreed.com>',
      ).company,
    ).toBe('Otter & Reed')
    expect(
      rules(
        'Monday',
        'Hi Jo, are you free Monday at 11 for a call about the role?\n\nLou Barnes | Head of Product | Copper Kite',
        'Lou Barnes <lou.barnes1@gmail.com>',
      ).company,
    ).toBe('Copper Kite')
    expect(
      rules(
        'Nouveau message de Pomme & Ciel',
        'Bonjour, vous avez reçu un nouveau message de Pomme & Ciel : seriez-vous disponible pour un entretien jeudi ?',
        'Welcome to the Jungle <notifications@welcometothejungle.com>',
      ).company,
    ).toBe('Pomme & Ciel')
    expect(
      rules(
        'Grupo Vela quiere hacerte una entrevista',
        'La empresa Grupo Vela ha revisado tu candidatura y quiere hacerte una entrevista.',
        'InfoJobs <noreply@infojobs.net>',
      ).company,
    ).toBe('Grupo Vela')
  })

  it('reads names with digits, "Pvt. Ltd.", "&" spelt in another language and Polish letters', () => {
    expect(
      rules(
        'Next round',
        'Hi Jo, we would like to invite you to a final interview.',
        '7Peaks Energy <no-reply@ashbyhq.com>',
      ).company,
    ).toBe('7Peaks Energy')
    expect(
      rules(
        'Offer',
        'Dear Jo, we are pleased to offer you the role.\n\nRegards,\nTeam HR\nNila Softworks Pvt. Ltd.',
        'HR <hr@nilasoft.in>',
      ).company,
    ).toBe('Nila Softworks')
    expect(
      rules(
        'Esito',
        'Gentile Jo, siamo lieti di offrirle il posto.\n\nUfficio Personale - Lana & Lino S.r.l.',
        'Ufficio Personale <hr@lanaelino.it>',
      ).company,
    ).toBe('Lana & Lino')
    expect(
      rules(
        'Rekrutacja',
        'Niestety, zdecydowaliśmy się na innego kandydata.\n\nZespół Żółw Logistics',
        'Żółw Logistics <hr@zolwlogistics.pl>',
      ).company,
    ).toBe('Żółw Logistics')
  })

  it("gives an agency's person and name way to the client", () => {
    expect(
      rules(
        'Good news',
        'Sam! Good news - they said yes! Pebble Bay Foods want to move ahead with you at 60k. Call me?\n\nNell\nArrow Talent Partners',
        'Nell Hart <nell.hart@arrowtalentpartners.com>',
      ).company,
    ).toBe('Pebble Bay Foods')
  })
})

describe('classifyEmail: mechanisms added after the blind-8 batch (ADR 0017)', () => {
  const rules = (subject: string, text: string, from?: string) =>
    classifyEmail(from ? mail(subject, text, from) : mail(subject, text), { bayes: null })

  it('reads a search kept open or paused and a role given to the other finalist as rejections', () => {
    expect(
      rules(
        'Update',
        "Hi Jo, we've decided to keep searching for someone with more B2B experience.",
      ).type,
    ).toBe('rejection_received')
    expect(
      rules(
        'Update',
        'Hi Jo, the business has frozen hiring for this team, so we will not be continuing the process.',
      ).type,
    ).toBe('rejection_received')
    expect(
      rules('Decision', 'Hi Jo, it was close, but we have offered the job to the other finalist.')
        .type,
    ).toBe('rejection_received')
  })

  it('reads future-tense French refusals and closed positions in Italian and Portuguese', () => {
    expect(
      rules('Candidature', 'Bonjour, nous ne poursuivrons pas le processus avec votre profil.')
        .type,
    ).toBe('rejection_received')
    expect(
      rules('Candidatura', 'Gentile Jo, la selezione per questo ruolo è stata chiusa.').type,
    ).toBe('rejection_received')
    expect(
      rules('Candidatura', 'Olá Jo, a vaga foi preenchida e não seguiremos com o processo.').type,
    ).toBe('rejection_received')
  })

  it('reads a hire confirmed and an invitation to join the team as offers', () => {
    expect(rules('Conferma', 'Ciao Jo, ti confermiamo l’assunzione dal 1° marzo.').type).toBe(
      'offer_received',
    )
    expect(
      rules('Zusage', 'Gerne bestätigen wir Ihnen die Anstellung als Schreiner ab 1. April.').type,
    ).toBe('offer_received')
    expect(
      rules('Novidade', 'Oi Jo, queremos te convidar para fazer parte do nosso time!').type,
    ).toBe('offer_received')
  })

  it('reads interview preparation and onboarding forms as other', () => {
    expect(
      rules(
        'Your interview',
        'Hi Jo, your interview is tomorrow. Here is what to expect, and please test your audio first.',
      ).type,
    ).toBe('other')
    expect(
      rules(
        'Welcome',
        'Welcome to Acme! Before your start date on 4 January, please complete your Form I-9 in the portal.',
      ).type,
    ).toBe('other')
  })
})

describe('classifyEmail: mechanisms added after the blind-9 and blind-10 batches (ADR 0017)', () => {
  const rules = (subject: string, text: string, from?: string) =>
    classifyEmail(from ? mail(subject, text, from) : mail(subject, text), { bayes: null })

  it('reads a portal status line and "your application has been declined" as rejections', () => {
    expect(
      rules(
        'Tu candidatura ha sido descartada',
        'Hola Jo,\n\nLa empresa Grupo Talavera ha actualizado el estado de tu candidatura.\n\nEstado: Descartado',
        'InfoJobs <noreply@infojobs.net>',
      ).type,
    ).toBe('rejection_received')
    expect(
      rules('Update', 'Hi Jo, your application has been declined by the hiring team.').type,
    ).toBe('rejection_received')
  })

  it('does not read a feedback call offered after a rejection as an invitation', () => {
    const result = rules(
      'Interview outcome',
      "Dear Jo,\n\nThe panel met a number of strong candidates and I'm sorry to let you know that on this occasion you have not been successful.\n\nIf you would like feedback, I'd be happy to arrange a short call.\n\nSiobhan",
    )
    expect(result.type).toBe('rejection_received')
  })

  it("reads a recruiter's first message in German and a take-home exercise in French as other", () => {
    expect(
      rules(
        'Neue Nachricht',
        'Hallo Herr Morgan, Ihr Profil ist mir aufgefallen. Hätten Sie Interesse an einer spannenden Position als Cloud Architect? Ich würde mich über einen kurzen Austausch freuen.',
      ).type,
    ).toBe('other')
    expect(
      rules(
        'Étape suivante : exercice technique',
        'Bonjour Jo, pour la prochaine étape, nous vous proposons un exercice technique à réaliser chez vous. Vous avez une semaine pour nous le renvoyer.',
      ).type,
    ).toBe('other')
  })

  it('names a public body on gov.uk and an employer named only in a signature over lines', () => {
    expect(
      rules(
        'Invitation to interview',
        'Dear Jo,\n\nI am pleased to invite you to an interview for the post of Housing Officer.\n\nYours sincerely,\nHR Recruitment Team\nEastmoor Borough Council',
        'Recruitment Team <recruitment@eastmoorcouncil.gov.uk>',
      ).company,
    ).toBe('Eastmoor Borough Council')
    expect(
      rules(
        'Interview - Business Analyst',
        'Hello Jo,\n\nWe would like to invite you to a first interview on Monday at 10:00.\n\nKind regards,\nRachel Kim\nRecruitment Manager\nStonebridge Consulting',
        'Rachel Kim <rachel.kim@stonebridgeconsulting.com>',
      ).company,
    ).toBe('Stonebridge Consulting')
  })

  it('names the organiser of a Google Calendar invitation, never the invitee', () => {
    const result = rules(
      'Invitation: Interview with Alex Morgan - Backend Engineer @ Wed 25 Nov 2026 3pm (alex.morgan@example.net)',
      'Interview with Alex Morgan - Backend Engineer\n\nWhen\nWednesday 25 Nov 2026 3pm - 4pm\n\nWho\nlea.schubert@kiln-systems.de - organiser\nalex.morgan@example.net\n\nInvitation from Google Calendar',
      'Google Calendar <calendar-notification@google.com>',
    )
    expect(result.type).toBe('interview_invitation')
    expect(result.company).toBe('Kiln Systems')
  })

  it("names an agency's client from a call, a job board's employer, not the board, and Polish teams", () => {
    expect(
      rules(
        'Great news re Alder & Pike',
        "Hi Jo, I've just had a call with Alder & Pike and I'm thrilled to say they'd like to make you an offer for the Finance Business Partner role.\n\nSophie",
        'Sophie Whitaker <sophie.whitaker@northbridge-recruitment.co.uk>',
      ).company,
    ).toBe('Alder & Pike')
    expect(
      rules(
        'Tu proceso avanza',
        '¡Buenas noticias! Distribuidora Ceiba revisó tu hoja de vida y quiere agendar una entrevista contigo.\n\nEl equipo de Computrabajo',
        'Computrabajo <notificaciones@computrabajo.com>',
      ).company,
    ).toBe('Distribuidora Ceiba')
    expect(
      rules(
        'Zaproszenie na rozmowę kwalifikacyjną',
        'Dzień dobry, chcielibyśmy zaprosić Pana na rozmowę kwalifikacyjną we wtorek o 11:00.',
        'Rekrutacja Wisłomet <rekrutacja@wislomet.pl>',
      ).company,
    ).toBe('Wisłomet')
  })

  it('spells a name only a domain gives with its accents and keeps "y" names whole', () => {
    expect(
      rules(
        'Bonne nouvelle',
        "Bonjour Jo, j'ai le plaisir de vous annoncer que votre candidature a été retenue ! Vous recevrez votre contrat de travail.\n\nManon",
        'Manon Girard <manon.girard@azur-energies.fr>',
      ).company,
    ).toBe('Azur Énergies')
    expect(
      rules(
        'Propuesta económica',
        'Jo, la dirección aprobó tu contratación. Te comparto la propuesta económica.\n\nJorge Castillo\nSocio, Serrano y Asociados',
        'Jorge Castillo <jcastillo@serranoyasociados.mx>',
      ).company,
    ).toBe('Serrano y Asociados')
  })

  it('reads the role from a field line and drops requisition numbers and weekdays', () => {
    expect(
      rules(
        'Interview Confirmed',
        'Your interview has been confirmed.\n\nRole: Site Reliability Engineer\nDate: Monday, November 30',
      ).role,
    ).toBe('Site Reliability Engineer')
    expect(
      rules('Thank you for applying - R-10442 Senior Product Manager', 'We have received it.').role,
    ).toBe('Senior Product Manager')
    expect(
      rules('Change of time', 'Hi Jo, would Friday at 11am work instead for the interview?').role,
    ).toBeNull()
  })
})

describe('parseRawEmail', () => {
  it('decodes quoted-printable in ISO-8859-1 and encoded headers', async () => {
    const raw = Buffer.from(
      [
        'From: =?iso-8859-1?Q?Personalabteilung_Wei=DFdorn_Kliniken?= <personal@weissdorn-kliniken.de>',
        'Subject: =?iso-8859-1?Q?Ihre_Bewerbung?=',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset="iso-8859-1"',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Leider m=FCssen wir Ihnen mitteilen, dass wir uns f=FCr eine andere Bewerberin entschieden haben.',
        '',
      ].join('\r\n'),
      'latin1',
    )
    const message = await parseRawEmail(raw)
    expect(message.from).toEqual({
      name: 'Personalabteilung Weißdorn Kliniken',
      address: 'personal@weissdorn-kliniken.de',
    })
    expect(message.text).toContain('müssen wir Ihnen mitteilen')
    expect(classifyEmail(message)).toMatchObject({
      type: 'rejection_received',
      company: 'Weißdorn Kliniken',
    })
  })

  it('refuses bytes that are not an email', async () => {
    await expect(parseRawEmail(Buffer.from('just some words\n\nno headers'))).rejects.toThrow(
      /not an email/,
    )
  })
})
