/**
 * The classifier's evidence: weighted phrases per class in English, German, French and Spanish,
 * with the commonest ones in Dutch, Italian and Portuguese. Each pattern is matched against one
 * lower-cased sentence at a time (apostrophes folded to '), whole words only.
 *
 * Weights: 4–5 a phrase that decides the message on its own ("we regret to inform you", "we are
 * pleased to offer you", "invite you to an interview"); 2–3 strong support; 1–1.5 a word that
 * only leans ("unfortunately", "interview", "contract"). `strong: false` marks the leaning words
 * that a sentence about a past interview or a conditional ("if your profile matches…") drops.
 */

export type EvidenceClass = 'interview' | 'offer' | 'rejection' | 'other'

export interface Rule {
  cls: EvidenceClass
  w: number
  re: RegExp
  /** Weak rules are dropped in sentences about a past interview or a hypothetical. */
  strong: boolean
  label: string
}

/** Whole words of any script: \b only knows ASCII letters. */
function words(source: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'iu')
}

function rules(cls: EvidenceClass, list: [number, string][]): Rule[] {
  return list.map(([w, source]) => ({
    cls,
    w,
    re: words(source),
    strong: w >= 2.5,
    label: source.length > 60 ? `${source.slice(0, 57)}…` : source,
  }))
}

const OUR =
  "(?:we|i|we've|we have|i've|i have|we're|we are|the team|the team has|they|they've|they have|the hiring team|the company)"

export const BODY_RULES: Rule[] = [
  ...rules('rejection', [
    // English
    [1.5, 'unfortunately|regrettably|sadly'],
    // A portal's status line or notice: "Estado: Descartado", "Status: Not selected",
    // "your application has been declined", "tu candidatura ha sido descartada".
    [
      5,
      '(?:status|estado|statut|stato|stand|estado da candidatura|estado de (?:tu|su|la) candidatura)\\s*[:=-]\\s*(?:descartad[oa]|rechazad[oa]|no seleccionad[oa]|no apt[oa]|finalizad[oa]|rejected|declined|not selected|unsuccessful|not progressing|closed - not selected|abgelehnt|absage|nicht berücksichtigt|refusée?|non retenue?|non selezionat[oa]|respint[oa]|reprovad[oa]|não selecionad[oa]|afgewezen|odrzucon[aey])|(?:application|candidacy|candidatura|solicitud|candidature|bewerbung|sollicitatie|aplikacja) (?:has been|was|ha sido|fue|a été|wurde|è stata|foi|is) (?:declined|rejected|unsuccessful|descartad[oa]|rechazad[oa]|refusée?|rejetée?|abgelehnt|rifiutat[oa]|scartat[oa]|recusad[oa]|reprovad[oa]|afgewezen|odrzucon[aey])',
    ],
    [
      3.5,
      'regret to (?:inform|advise|let you know|tell|say|notify)|we regret that|with regret|it is with regret',
    ],
    [2, "(?:i'm|i am|we're|we are) (?:afraid|sorry)(?: to)?"],
    [
      2.5,
      'sorry (?:to say|not to have better news|to be the bearer|to disappoint)|not (?:the )?news you were hoping',
    ],
    [
      4.5,
      `${OUR} (?:have |has )?(?:decided|chosen|opted|elected|made the (?:difficult |tough )?decision) (?:not )?to (?:move|go|proceed|continue|progress|pursue|move ahead|go ahead)(?: forward| ahead)? with (?:other|another|a different|someone|a candidate|candidates|the other)`,
    ],
    [
      4.5,
      '(?:move|moving|go|going|proceed|proceeding|continue|continuing) (?:forward |ahead )?with (?:other|another|a different|a candidate who|candidates whose|candidates who|an applicant|applicants whose|someone)',
    ],
    [
      4.5,
      "(?:not|n't|won't|will not|won't be|will not be|are not|aren't) (?:be )?(?:moving|move|proceeding|proceed|progressing|progress|taking|take|going|go|continuing|continue|pursuing|pursue)(?: you| your (?:application|candidacy|candidature))? (?:forward|further|ahead|any further|with (?:your|you))",
    ],
    [
      4.5,
      '(?:decided|chosen|decision) not to (?:proceed|progress|move|continue|pursue|take|invite|shortlist|offer)',
    ],
    [4.5, 'not to (?:proceed|progress|move forward|continue|pursue) (?:with )?(?:your|you)'],
    [
      4.5,
      '(?:position|role|vacancy|job|opening|post)(?: \\w+){0,3} (?:has|have|was|is) (?:now |already |since )?(?:been )?(?:filled|closed|cancelled|canceled|withdrawn|put on hold)',
    ],
    [
      4,
      '(?:application|candidacy|you) (?:has |have |was |were )?(?:been )?(?:unsuccessful|not successful)|has been unsuccessful|were not successful',
    ],
    [
      4.5,
      'no longer (?:being )?(?:considered|under consideration|in consideration|in the running)',
    ],
    [
      4.5,
      "not (?:been )?(?:shortlisted|selected|chosen)|not (?:be )?(?:inviting|invite) you|will not be inviting|won't be inviting",
    ],
    [
      4.5,
      "(?:unable|not able|won't be able|will not be able|are not in a position|aren't able) to (?:offer|extend|proceed|move|progress|take your|consider your|invite)|(?:cannot|can't|can not|could not|couldn't) (?:offer|extend|proceed|move forward|progress|take your|consider your|invite|make you)",
    ],
    [
      4.5,
      "(?:won't|will not|not) (?:be )?(?:extending|extend|making|make|offering|offer)(?: you)? (?:an? |the )?(?:offer|position|role|job)",
    ],
    [
      2.5,
      'other (?:candidates?|applicants?)|another (?:candidate|applicant|person)|(?:a )?candidates? (?:whose|who|with) (?:experience|background|profile|skills|qualifications) (?:more|better|was|is)|closer (?:fit|match)|more closely (?:aligns?|match)|better (?:fit|match|suited|meet)',
    ],
    [
      3.5,
      "decided to go with|(?:we've|we have|they've|they have) gone with|go with (?:a|another) candidate|taken? (?:things|it|your application|this) (?:any )?further|didn't meet the bar|did not meet (?:the|our) (?:bar|requirements|criteria)",
    ],
    [
      2,
      'does not match|do not match|not (?:a )?(?:strong |good |the right )?(?:fit|match) for|not (?:quite )?the right fit',
    ],
    [
      1.5,
      'keep your (?:cv|resume|résumé|details|application|profile) on file|retain your (?:cv|resume|details)|future (?:openings|opportunities|vacancies|roles)',
    ],
    [
      1.5,
      '(?:wish|wishing) you (?:every|the very best|the best|all the best|success|luck|good luck)|best of luck (?:in|with) your|good luck with (?:the|your) search',
    ],
    [
      3,
      'not (?:be )?(?:progressing|progress|considering|consider) your|(?:will|shall) not be (?:proceeding|progressing|pursuing|considering)',
    ],
    // German
    [1.5, 'leider|bedauerlicherweise'],
    [3, 'absage|absagen müssen|eine absage erteilen'],
    [
      3,
      'bedauern|(?:müssen|muss) (?:wir |ich )?(?:ihnen|dir|euch) (?:heute )?(?:leider )?mitteilen',
    ],
    [
      4.5,
      '(?:für|fuer) (?:einen |eine |ein )?(?:anderen?|andere|anderes) (?:kandidat\\p{L}*|bewerber\\p{L}*|person|profil)|(?:mit|für) (?:einer|einem) (?:anderen|andere) (?:person|kandidat\\p{L}*|bewerber\\p{L}*)',
    ],
    [
      4.5,
      'nicht (?:weiter |mehr |näher |länger )?(?:berücksichtig\\p{L}*|in betracht|in die engere wahl)',
    ],
    [
      4.5,
      'nicht (?:weiter )?(?:verfolgen|weiterverfolgen|fortsetzen|fortführen)|nicht weiter zu verfolgen|nicht weiterzuverfolgen',
    ],
    [
      4.5,
      'keine (?:stelle|position|anstellung|zusage|beschäftigung)(?: \\p{L}+){0,3} anbieten|(?:nicht|kein\\p{L}*) (?:\\p{L}+ )?anbieten (?:können|zu können)',
    ],
    [
      4.5,
      '(?:stelle|position|vakanz)(?: \\p{L}+){0,6} (?:bereits |inzwischen |schon |mittlerweile )*(?:vergeben|besetzt)',
    ],
    [
      3.5,
      '(?:prozess|verfahren|auswahlverfahren)(?: \\p{L}+){0,2} mit (?:einer|einem|anderen) (?:anderen )?(?:person|kandidat\\p{L}*|bewerber\\p{L}*)',
    ],
    [
      1.5,
      'alles gute für (?:ihre|deine|die) (?:berufliche )?zukunft|für ihren weiteren (?:beruflichen )?(?:weg|berufsweg|lebensweg)|viel erfolg (?:bei|auf) (?:ihrer|deiner|ihrem|deinem) weiteren',
    ],
    // French
    [1.5, 'malheureusement|hélas'],
    [3.5, 'au regret|avons le regret|regrettons de|nous regrettons'],
    [
      4.5,
      "(?:ne|n') ?(?:pas|pourrons pas|pouvons pas|pourrions pas)(?: \\p{L}+){0,3} (?:donner (?:une )?suite|y donner suite)|pas (?:pu )?donner (?:une )?suite|sans suite",
    ],
    [
      4.5,
      "(?:n'a|n'avez|n'ont) pas été (?:retenue?s?|sélectionnée?s?)|pas été retenue?|non retenue?|pas retenu",
    ],
    [
      2.5,
      "(?:un |une |d')(?:autres?) (?:candidats?|candidates?|profils?|candidatures?)|un profil plus (?:proche|adapté|en adéquation)",
    ],
    [
      4.5,
      "(?:ne|n') ?(?:pas|plus|pourrons pas|pouvons pas) (?:aller|poursuivre|continuer)(?: plus loin)?|pas aller plus loin|poursuivre (?:le processus |le recrutement )?avec (?:un|une|d')(?:autre)?",
    ],
    [
      4.5,
      '(?:pas|plus) en mesure de (?:vous|te) (?:proposer|faire une offre|offrir|retenir)|ne (?:pouvons|pourrons) (?:pas )?(?:vous|te) proposer',
    ],
    [2, 'ne correspond pas|ne correspondent pas'],
    [
      1.5,
      'bonne continuation|pleine réussite|plein de réussite|succès dans (?:vos|tes) recherches',
    ],
    // Spanish
    [1.5, 'lamentablemente|desafortunadamente|por desgracia|sin embargo'],
    [3, 'lamentamos|sentimos (?:comunicar|informar)|siento no traerte|lamento informar'],
    [
      4.5,
      '(?:seguir|continuar|avanzar|seguir adelante)(?: adelante)? con (?:otros|otras|otro|otra) (?:candidat\\p{L}*|perfil\\p{L}*|person\\p{L}*)|optado por (?:otro|otra|un perfil)|con otra candidata|con otro candidato',
    ],
    [
      4.5,
      'no (?:vamos a |podemos |podremos )?(?:continuar|seguir|avanzar|contar) con (?:tu|su) (?:candidatura|perfil|proceso)|(?:decidido|decisión de) no (?:avanzar|continuar|seguir)',
    ],
    [4.5, 'no (?:podemos|podremos|es posible) (?:ofrecer|ofrecerte|ofrecerle|hacerte|hacerle)'],
    [4.5, 'no ha(?:s)? (?:sido|resultado) (?:seleccionad[oa]s?|elegid[oa]s?)'],
    [
      4.5,
      '(?:vacante|puesto|posición)(?: \\p{L}+){0,6} (?:ha sido |ya ha sido |fue )?cubiert[oa]|ha(?:n)? cubierto (?:\\p{L}+ ){0,3}(?:la |el )?(?:vacante|puesto|posición)',
    ],
    [
      1.5,
      'mucha suerte en|te deseamos (?:lo mejor|mucha suerte|éxito)|le deseamos (?:lo mejor|éxito|mucha suerte)|éxito en (?:tu|su)s? (?:futur|próxim|búsqueda)',
    ],
    // Dutch, Italian, Portuguese
    [1.5, 'helaas|purtroppo|infelizmente'],
    [
      4.5,
      '(?:gekozen|kiezen|besloten) (?:voor|om) (?:een )?(?:andere|ander) (?:kandidaat|kandidaten)|niet (?:verder )?(?:meenemen|door te gaan)|afwijzing',
    ],
    [
      4.5,
      "proseguire con (?:altri|altre|un altro|un'altra) (?:candidat\\p{L}*|profil\\p{L}*)|non (?:siamo in grado|possiamo) (?:di )?(?:proseguire|offrirti|offrirle)",
    ],
    [
      4.5,
      'avançar com (?:outros|outras|outro) (?:candidat\\p{L}*|perfis|perfil)|não (?:foi|foste|fomos) (?:selecionad\\p{L}*|escolhid\\p{L}*)',
    ],

    // More ways to say no (broadened after the first blind batch, ADR 0017)
    [
      4.5,
      'decided to (?:\\S+ ){0,3}(?:other|another|a different) (?:candidates?|applicants?|people|person|individuals?|profiles?)|(?:selected|chosen|hired|picked) (?:another|a different|other|someone) (?:candidate|applicant|person|profile)|hire (?:someone else|another (?:candidate|person))|(?:offered|given) (?:the|this) (?:role|position|job) to (?:another|someone|a different|a candidate)',
    ],
    [
      4.5,
      "(?:have|has) (?:now )?(?:filled|closed) (?:the|this|that) (?:position|role|vacancy|opening|search)|close (?:this|the) (?:search|role|position)|no longer (?:available|open|recruiting)|(?:did not|didn't|will not|won't|do not|don't) (?:progress|proceed|advance|move (?:forward|ahead)|continue)|different direction|pass on your (?:application|candidacy|profile)|not the (?:outcome|news) you",
    ],
    [3, 'someone else|another candidate|other candidates'],
    [
      4.5,
      'anderweitig (?:zu )?(?:besetzen|vergeben|besetzt|entschieden)|gegen (?:ihre|deine|eine weitere) (?:bewerbung|kandidatur)|keine positive (?:rückmeldung|nachricht|antwort)|nicht für (?:sie|dich) entschieden|keine zusage (?:geben|machen|erteilen)|nicht in die engere auswahl|nicht (?:\\p{L}+ )?entsprechen',
    ],
    [2, 'passt (?:\\p{L}+ ){0,4}nicht'],
    [
      4.5,
      "ne pas retenir|pas pu retenir|ne pouvons (?:pas )?retenir|ne sera pas retenue?|réponse (?:négative|défavorable)|(?:ne|pas) (?:\\p{L}+ ){0,4}(?:répondre|donner suite) favorablement|pas en mesure d['’]y (?:répondre|donner)|ne (?:pouvons|pourrons|donnerons|donnons) pas (?:\\p{L}+ )?suite|décliner votre candidature",
    ],
    [3.5, 'dans le regret|regret de vous'],
    [
      4.5,
      'no (?:continuarás|continuará|seguirás|seguirá|avanzarás|avanzará|avanzas|continúas|sigues)|no (?:vas|va) a (?:continuar|seguir|avanzar)|seleccionado a otr[oa]|(?:hemos )?descartado (?:tu|su)|cerrado el proceso',
    ],
    [2.5, 'en esta (?:ocasión|oportunidad) no|no encaja|otro perfil|otra persona'],
    [
      4.5,
      'non (?:è|e) stata (?:selezionata|accolta)|non (?:potremo|possiamo) proseguire|esito negativo|altri candidati|altro candidato',
    ],
    [4.5, 'afgewezen|niet geselecteerd|geen positie(?:f|ve)|niet (?:verder|door) (?:gaan|met)'],
    [4.5, 'não vamos avançar|não avançaremos|não prosseguir|outros candidatos|outro candidato'],

    // A negation shortly before a verb of progress, in a sentence about the candidate:
    // "we will not be moving your application to the next phase", "om je niet uit te nodigen".
    [
      4,
      "(?:not|n't|cannot|no longer|unable to|never)(?: \\S+){0,3} (?:move|moving|proceed|proceeding|progress|progressing|advance|advancing|continue|continuing|pursue|pursuing|consider|considering|invite|inviting|shortlist|shortlisting|select|selecting|offer|offering|extend|extending|hire|hiring)(?: \\S+){0,6} (?:you|your|yours|candidacy|application|profile)|(?:not|n't) (?:\\S+ ){0,3}(?:you|your (?:application|candidacy|profile)) (?:forward|further|to the next|through to)",
    ],
    [
      4.5,
      '(?:nicht|keinen?|keine) (?:\\p{L}+ ){0,5}(?:berücksichtig\\p{L}*|weiterverfolg\\p{L}*|fortsetz\\p{L}*|einlad\\p{L}*|einzuladen|anbiet\\p{L}*|anzubieten|auswähl\\p{L}*|weiterkommen|weiter(?:gehen|machen)?|vorstellen)|(?:uns|wir) (?:\\p{L}+ ){0,3}gegen (?:sie|dich|euch|ihre|deine|eine)',
    ],
    [
      4.5,
      '(?:décidé|choisi|préféré) de ne (?:pas|plus)|ne (?:\\p{L}+ ){0,2}(?:pas|plus) (?:\\p{L}+ ){0,5}(?:poursuivre|continuer|retenir|avancer|convier|inviter|donner suite|proposer|faire une offre|offrir|recruter|embaucher)',
    ],
    [
      4.5,
      '(?:decidido|optado por|preferido) no|no (?:\\p{L}+ ){0,3}(?:avanzar|continuar|seguir|invitar|ofrecer|seleccionar|seleccionad\\p{L}*|avanzamos|continuamos|seguimos|contar con) (?:\\p{L}+ ){0,4}(?:tu|su|contigo|con usted|candidatura|perfil|proceso)',
    ],
    [
      4.5,
      'niet (?:\\p{L}+ ){0,3}(?:uit te nodigen|uitnodigen|verder|door|aan te bieden|selecteren|voort te zetten)|non (?:\\p{L}+ ){0,3}(?:proseguire|procedere|selezionat\\p{L}*|invitar\\p{L}*|offrir\\p{L}*|continuare)|não (?:\\p{L}+ ){0,3}(?:avançar|prosseguir|continuar|selecionad\\p{L}*|convidar|oferecer)',
    ],
    [
      4.5,
      "(?:uns|wir) (?:\\p{L}+ ){0,6}für (?:eine|einen|ein) (?:andere\\p{L}* )?(?:kandidat|bewerber|person|profil)\\p{L}*(?: \\p{L}+){0,8} entschieden|aucun poste|aucune (?:opportunité|offre) (?:\\p{L}+ ){0,3}(?:correspond|adapt)|ne disposons (?:pas|d['’]aucun)|continuar (?:el proceso |el proceso de selección )?con (?:otros )?perfiles|se ajustan mejor|encajan mejor|scelto (?:un altro|un['’]altra|altri|altre)|escolhemos (?:outro|outra)|optámos por outro",
    ],
    [
      4,
      '(?:eine|einen|ein) (?:andere\\p{L}* )?(?:bewerber|kandidat|person)\\p{L}* gefunden|besser (?:\\p{L}+ ){0,4}passt|pourvu en interne|a été pourvu|ha sido cubierto internamente|decantado por otr[oa]|nos hemos decantado',
    ],
    [
      4,
      "pass (?:for now|on (?:this|your|you))|(?:we'll|we will|going to|have to|decided to) pass|not (?:the )?right fit|(?:don't|do not) think (?:it's|it is|you're|you are|this is) (?:the right|a (?:good|strong))|opt(?:á|a)mos por (?:seguir|avançar|continuar) com|optado por (?:seguir|continuar|avanzar) con|retenu un autre|retenu une autre|choisi un autre|choisi une autre",
    ],
  ]),

  ...rules('interview', [
    // English
    [
      4,
      '(?:invite|inviting|invitation)(?: \\S+){0,6} (?:interview|call|chat|conversation|meeting|screen|video|visit|on-?site|assessment centre|discussion|meet)',
    ],
    [
      4,
      'invitation to (?:an? |the )?(?:\\S+ )?interview|interview invitation|invite you (?:in|to|for)',
    ],
    [
      3,
      '(?:like|love|want|happy|pleased|delighted|keen|excited) to (?:invite|schedule|set up|arrange|book|have you (?:in|come)|meet|speak|chat|talk|move you forward|organise|organize)',
    ],
    [
      3,
      '(?:schedule|book|arrange|set up|organi[sz]e) (?:a|an|your|the|some) (?:\\S+ ){0,2}(?:interview|call|time|conversation|chat|screen|meeting|slot)',
    ],
    [
      2.5,
      '(?:pick|choose|select|book|grab|reserve|find) (?:a|any|one of the|an available|a suitable|the)? ?(?:time|slot|day|date|timeslot)|(?:time|slot)s? that (?:works|suits|suit|work)',
    ],
    [1, 'interview|interviewing|interviews'],
    [
      2,
      '(?:phone|video|technical|first|second|final|panel|on-?site|in-person|intro|introductory|initial|hiring manager|screening|teams|zoom)[ -](?:interview|screen|round|stage|conversation|call|chat)',
    ],
    [2, '(?:next|second|final|third) (?:round|stage|step)'],
    [
      1.5,
      "are you (?:free|available)|(?:your|share your|let (?:me|us) know your) availability|confirm (?:whether this|you're available|you are available|your availability|your attendance|the (?:date|time))|would (?:\\w+ )?(?:work|suit) for you|does (?:this|that) (?:work|suit)|kindly confirm|please confirm",
    ],
    [
      3.5,
      '(?:interview|call|meeting)(?: \\S+){0,4} (?:has been|is|was) (?:scheduled|confirmed|booked)|interview confirmation',
    ],
    [
      4,
      'selected for (?:the |an? )?(?:next|second|first|final)? ?(?:round|interview|stage)|(?:passed|made it) (?:to|through) (?:the )?(?:next|second)',
    ],
    [
      3,
      '(?:would|will) be (?:pleased|happy|delighted|glad) to meet you|(?:like|love) to meet you|(?:meet|speak) with you (?:about|to discuss|regarding)|(?:speak|talk) with you about',
    ],
    [1.5, 'move you forward|moving you forward|next steps?'],
    [
      1,
      'calendly|cal\\.com|meet\\.google|zoom\\.us|microsoft teams|google meet|hirevue|scheduling',
    ],
    // German
    [
      4,
      '(?:einladung|einladen|laden)(?: \\p{L}+){0,8} (?:gespräch|vorstellungsgespräch|interview|kennenlernen|video-?call|telefonat|termin)|(?:zu|zum|zur) (?:einem |einer )?(?:\\p{L}+ )?(?:gespräch|vorstellungsgespräch|interview|kennenlerngespräch|video-?call)(?: \\p{L}+){0,6} einladen|laden (?:sie|dich|euch)(?: \\p{L}+){0,12} ein',
    ],
    [3, 'einladung zum|einladung zu'],
    [
      1.5,
      'vorstellungsgespräch|bewerbungsgespräch|kennenlerngespräch|gespräch|telefoninterview|video-?call',
    ],
    [
      3,
      '(?:persönlich|gerne|gern) kennenlernen|kennenlernen (?:möchten|würden)|begrüßen zu dürfen|(?:würden|möchten) (?:sie|dich) gerne? (?:\\p{L}+ ){0,3}(?:treffen|sprechen)',
    ],
    [
      1.5,
      'termin(?:vorschlag|e)?|zeitfenster|passt (?:ihnen|dir)|nächsten? runde|wähle|wählen sie',
    ],
    // French
    [1.5, 'entretien|entretiens|visio'],
    [4, "convier|convions|convoquer|convocation|(?:vous |t')inviter à|invitation à un"],
    [3, '(?:vous|te) rencontrer|échanger avec (?:vous|toi)|nous rencontrer'],
    [
      1.5,
      'créneau|créneaux|disponibilités|seriez-vous disponible|serais-tu disponible|confirmer votre présence|prochaine étape',
    ],
    // Spanish
    [1.5, 'entrevista|entrevistas|videollamada'],
    [
      4,
      'invitar(?:te|le|les)? a (?:una|la|un) (?:\\p{L}+ )?(?:entrevista|reunión|llamada|conversación)|(?:te|le) invitamos a|hacerte una entrevista|hacerle una entrevista|convocar(?:te|le)',
    ],
    [3, 'conocerte|conocerle|queremos conocer|agendar (?:una|la) (?:llamada|entrevista|reunión)'],
    [1.5, 'disponibilidad|franja|hueco|te vendría bien|le vendría bien|confirme su asistencia'],
    // Dutch, Italian, Portuguese
    [
      4,
      'uitnodigen voor (?:een )?(?:\\p{L}+ )?(?:gesprek|sollicitatiegesprek|kennismaking)|uitnodiging (?:voor )?(?:een )?(?:sollicitatie)?gesprek',
    ],
    [1.5, 'sollicitatiegesprek|gesprek|colloquio|entrevista'],
    [
      4,
      'invitarti a un colloquio|invitarla a un colloquio|invito a colloquio|convidar(?:-lo|-la|o|a)? para uma entrevista|convite para (?:uma )?entrevista',
    ],

    // More ways to ask for a meeting
    [
      3,
      "get to know you|would you be available|are you available|when you(?:'re| are) (?:free|available)|hop on a (?:quick )?call|jump on a (?:quick )?call|meet the team|(?:talk|speak|chat) (?:with|to) you (?:about|regarding|further|more)",
    ],
    [
      3,
      '(?:\\d+|thirty|forty-five|fifteen|twenty)[ -]?(?:minute|min|mins) (?:call|chat|interview|video|phone|conversation|meeting|intro)',
    ],
    [
      2.5,
      'move (?:forward|ahead) with (?:you|your (?:application|candidacy))|assessment (?:centre|center|day)',
    ],
    [
      4,
      'termin (?:\\p{L}+ ){0,4}vereinbaren|gespräch (?:\\p{L}+ ){0,3}vereinbaren|vereinbaren (?:\\p{L}+ ){0,3}(?:termin|gespräch)',
    ],
    [2.5, 'kennen(?:zu)?lernen|wann (?:sie|du) zeit (?:haben|hast)'],
    [4, 'proposer un (?:entretien|rendez-vous|échange|appel)|proposer une (?:rencontre|visio)'],
    [2.5, 'retenu (?:toute )?notre attention|rendez-vous'],
    [
      3,
      'agend\\p{L}* (?:el|un|tu|una|la) (?:horario|llamada|entrevista|reunión|espacio)|reserva (?:un|tu) horario|avanzar contigo|seguir avanzando contigo',
    ],
    [
      3,
      'fissare un (?:colloquio|incontro)|incontrarti|conoscerti|kennismakingsgesprek|kennismaken|inplannen|agendar (?:uma )?entrevista|conhecê-lo|conhecê-la|conhecer-te',
    ],

    [
      4,
      "organiser (?:un|une) (?:\\p{L}+ ){0,2}(?:échange|entretien|rendez-vous|appel|rencontre|visio)|premier échange|a été retenue? pour (?:un|le|la suite|une|l['’]entretien|le prochain)",
    ],
    [1.5, 'joignable|disponible|disponibles'],

    [
      3.5,
      '(?:pop|come|drop|stop|swing) (?:by|in|over)|for a (?:quick |short |brief |informal |first )?(?:chat|coffee|conversation|talk)|présélectionn\\p{L}*|preseleccionad\\p{L}*|vorausgewählt|vorauswahl|shortlisted for (?:an? )?interview|(?:nous )?vous attendons|le esperamos|te esperamos|erwarten (?:sie|dich)|citar(?:le|te)|citación',
    ],
    [
      2.5,
      'pour un entretien|for an interview|zu einem (?:persönlichen )?gespräch|para una entrevista|per un colloquio|voor een gesprek|para uma entrevista|see you again|(?:invite|see|meet) you (?:again|back)',
    ],
    [
      3.5,
      '(?:making|made) it to the (?:\\S+ ){0,2}(?:stage|round)|(?:we )?have you down for|sessions? (?:on|with)|pasarte por|pasar por (?:la oficina|el hotel|nuestras oficinas)|para hablar con|mehr über (?:dich|sie) erfahren|(?:hast du|haben sie) (?:\\p{L}+ ){0,4}zeit',
    ],
    [1.5, 'call|calls'],
    [
      4,
      '(?:like|love|want) to (?:have|hold|do|set up) (?:a|an) (?:\\S+ )?(?:call|chat|conversation|interview|meeting)|nos gustaría (?:tener|hacer|mantener|agendar|realizar) (?:una|un) (?:\\p{L}+ )?(?:llamada|entrevista|reunión|charla|videollamada)|primera llamada|aimerions (?:avoir|organiser|planifier|fixer) (?:un|une)|marcar uma entrevista|podemos marcar',
    ],
    [
      2,
      'qué tal el (?:lunes|martes|miércoles|jueves|viernes)|(?:monday|tuesday|wednesday|thursday|friday) or (?:monday|tuesday|wednesday|thursday|friday)|which (?:suits|works) (?:you )?better|welcher termin|quel créneau|qual (?:dia|horário)',
    ],
    [
      3.5,
      '(?:pouvez-vous|pourriez-vous|peux-tu|pourrais-tu|could you|can you|kannst du|können sie|könnten sie|potresti|può|pode|podes) (?:\\p{L}+ ){0,2}(?:passer|come (?:in|by|over)|stop by|pop by|vorbeikommen|passare|passar)|pour en (?:discuter|parler)|to discuss (?:the role|further|your application)',
    ],
  ]),

  ...rules('offer', [
    // English
    [
      5,
      '(?:pleased|delighted|happy|thrilled|excited|glad) to (?:formally )?(?:offer|extend)(?: \\S+){0,3} (?:you|the (?:\\S+ ){0,3}(?:position|role|job|post)|an offer|our offer|a (?:job|formal|written|conditional) offer)|(?:like|love|want) to (?:formally )?(?:offer|extend) (?:you|an offer)',
    ],
    [
      4.5,
      '(?:offer|extend|extending|make|making)(?: to)? you (?:the |an? |our )?(?:formal |written |conditional )?(?:position|role|offer|job|post)|make you (?:an? )?(?:conditional )?offer|offer of employment|employment offer|job offer',
    ],
    [
      4,
      'offer letter|conditional offer|formal offer|written offer|verbal offer|(?:your|the) offer (?:letter|is|pack|details|documents)|accept (?:the|your|our) offer|view (?:your )?offer|review (?:your|the) offer|sign (?:the|your) offer|an offer for the',
    ],
    // Bare "offer", but not the perks an employer "offers" ("we offer flexible hours").
    [
      2,
      'your offer|the offer|(?<!we |also |they |which |that )offer(?! (?:flexible|a range|competitive|great|many|plenty|various|benefits|hybrid|remote|our sincere|our thanks))',
    ],
    [1.5, '(?:employment |work )?contract|e-?sign|sign and return|signed copy|for signature'],
    [
      1.5,
      'start date|starting (?:on )?(?:\\d|monday|tuesday|wednesday|thursday|friday|the \\d|1st|next)|start on|first day',
    ],
    [
      1.5,
      'salary|per (?:year|annum)|package is|base (?:salary|pay)|£ ?\\d|€ ?\\d|\\d+k (?:base|salary)|bonus|equity',
    ],
    [
      3.5,
      "welcome (?:you )?(?:aboard|to the team|on board)|(?:on|join) board|join (?:us|our team|the team) as|want you on the team|(?:would )?love (?:for you )?to (?:have you )?join|(?:delighted|excited|thrilled) to have you|can't wait to have you|look forward to welcoming you|you (?:are|'re) (?:our|the) (?:choice|preferred candidate)",
    ],
    [1.5, 'congratulations|congrats'],
    [
      4,
      "(?:you've|you have) been selected for the (?:position|role)|take the \\S+(?: \\S+){0,3} (?:position|role)",
    ],
    [1, 'accept|acceptance|your decision'],
    // German
    [
      4.5,
      '(?:ihnen|dir|euch)(?: \\p{L}+){0,8} (?:anbieten|angebot)|anbieten (?:zu )?(?:können|möchten|dürfen)|vertragsangebot|angebot (?:unterbreiten|machen)|(?:bieten|biete) (?:ihnen|dir)(?: [\\p{L}\\d.€]+){0,12} an',
    ],
    [3, 'angebot'],
    [2, 'arbeitsvertrag|vertragsentwurf|vertrag|vertragsunterlagen'],
    [3, 'zusage|zusagen|eine zusage'],
    [
      3.5,
      'an bord|willkommen im team|(?:unsere|unserer) wahl|ihre einstellung|freuen uns auf die zusammenarbeit',
    ],
    [
      1.5,
      'eintrittsdatum|start zum|bruttojahresgehalt|jahresgehalt|gehalt|unbefristet|herzlichen glückwunsch',
    ],
    // French
    [
      4.5,
      "proposition d'embauche|promesse d'embauche|lettre d'offre|offre d'embauche|(?:faire|fais|faisons) une offre|vous proposer le poste|te proposer le poste|proposition de contrat",
    ],
    [2, 'contrat de travail|cdi|contrat'],
    [
      3.5,
      "vous accueillir|t'accueillir|bienvenue (?:chez|dans)|ravis de vous compter|avez été retenue? pour le poste",
    ],
    [1.5, 'rémunération|prise de poste|démarrage|bruts? annuels?|salaire'],
    // Spanish
    [
      4.5,
      'ofrecer(?:te|le) el puesto|carta oferta|carta de oferta|propuesta (?:económica|de incorporación|de contratación)|oferta formal|nuestra oferta|ha(?:s)? sido seleccionad[oa] para el puesto|eres la persona que buscamos',
    ],
    [2, 'contrato'],
    [
      3.5,
      'bienvenid[oa] al equipo|bienvenida a|darte (?:pronto )?la bienvenida|darle la bienvenida',
    ],
    [1.5, 'salario|brutos anuales|incorporación|enhorabuena'],
    // Dutch, Italian, Portuguese
    [
      4.5,
      "aanbieden|arbeidsovereenkomst|proposta di assunzione|lettera di assunzione|proporti l'assunzione|proporle l'assunzione|proposta de (?:emprego|trabalho|contratação)|oferecer-lhe a (?:vaga|posição)",
    ],
    [2.5, 'aanbod'],

    // More ways to say yes
    [
      4,
      'approved your (?:hire|hiring|offer)|the (?:job|role|position) is yours|hire you|bring you on(?: board)?|prospect of you joining|you joining (?:us|the team)|love to have you (?:join|on board|as|on the team)',
    ],
    [1.5, 'compensation|stock options|benefits|docusign|paperwork|please sign'],
    [
      3.5,
      'einstellen|einzustellen|vertrag (?:im anhang|anbei)|im anhang (?:\\p{L}+ ){0,3}vertrag|(?:an bord|im team|bei uns) begrüßen',
    ],
    [3.5, "(?:vous|te) recruter|(?:vous|t['’])embaucher|prise de fonction|votre arrivée"],
    [
      4.5,
      '(?:adjuntamos|adjunto|te enviamos|te compartimos|le enviamos) (?:la|nuestra) (?:oferta|propuesta)|que te (?:sumes|unas)|que formes parte',
    ],
    [1.5, 'felicitaciones|felicidades|fecha de (?:ingreso|incorporación|inicio)|si aceptas'],
    [3.5, 'bij ons komt werken|temos o prazer de (?:lhe )?(?:apresentar|oferecer)'],
    [2, 'welkom bij|contract'],

    [
      3,
      '(?:candidature|profil) (?:\\p{L}+ ){0,6}a été retenue?(?: ?[!.]|$)|le plaisir de vous annoncer|félicitations',
    ],
    [
      3.5,
      'erster arbeitstag|ersten arbeitstag|arbeitsbeginn|(?:bei uns|als \\p{L}+) (?:anfängst|anfangen|startest|beginnst)|dass (?:du|sie) (?:\\p{L}+ ){0,5}(?:anfängst|anfangen|startest|starten|beginnst|beginnen)|herzlich willkommen (?:bei|im|an)|willkommen an bord',
    ],
    [
      4,
      "lieti di (?:offrir\\p{L}*|comunicar\\p{L}*|proporl\\p{L}*|accoglier\\p{L}*)|offrirle il posto|offrirti il posto|proposta contrattuale|contratto a tempo|(?:queremos|quisiéramos|nos gustaría) contratar(?:te|le)|contratarte|contratarle|rejoignes l['’]équipe|rejoindre l['’]équipe|proposition de contrat|que tu rejoignes|que vous rejoigniez",
    ],
    [
      4.5,
      'votre embauche|confirmer votre (?:embauche|recrutement)|candidat[oa] (?:elegid|seleccionad)[oa]|incorporarte|incorporarse al equipo|firmar el contrato|fazer uma proposta|carta proposta|te fazer uma proposta',
    ],
  ]),

  ...rules('offer', [[1.5, 'welcome to']]),
  ...rules('other', [
    // Application received
    [
      3.5,
      '(?:received|receipt of|got) your application|application (?:has been |was )?(?:received|submitted|sent)|(?:confirm|confirms|confirming) (?:that we have|the receipt|receipt)',
    ],
    [1, 'thank(?:s| you) for (?:your (?:application|interest)|applying|submitting)'],
    // The application will be looked at: still open, no decision ("il nostro team la valuterà").
    [
      2,
      '(?:will|shall) (?:now )?(?:carefully )?(?:review|assess|consider) (?:your|it|all)|(?:la|lo|ti) valuter(?:à|anno|emo)|valuteremo (?:la|il|con)|(?:werden|wird|werde) (?:ihre|deine|die) (?:bewerbung|unterlagen) (?:\\p{L}+ )?(?:prüfen|sichten)|(?:allons|allez|va) (?:étudier|examiner) (?:votre|ta|les) candidature|(?:étudierons|examinerons) (?:votre|ta|avec)|revisaremos (?:tu|su|con)|(?:vamos|iremos) (?:analisar|avaliar) (?:a sua|o seu|seu|sua)',
    ],
    [
      1,
      'grazie per (?:aver inviato |la )?(?:sua |tua )?candidatura|obrigad[oa] pela (?:sua |tua )?candidatura|dziękujemy za (?:przesłanie|złożenie|nadesłanie) (?:aplikacji|cv|zgłoszenia)|bedankt voor (?:je|uw) sollicitatie|(?:vielen )?dank für (?:ihre|deine) bewerbung|merci (?:pour|de) votre candidature|gracias por (?:tu|su) (?:candidatura|postulación)',
    ],
    [
      3.5,
      'eingang (?:ihrer|deiner)|eingangsbestätigung|(?:bewerbung|unterlagen) (?:erhalten|eingegangen)|(?:haben|habe) (?:ihre|deine) (?:bewerbung|unterlagen) erhalten',
    ],
    [
      3.5,
      "bien reçu (?:votre|ta)|accusé de réception|merci d'avoir postulé|avons reçu votre candidature",
    ],
    [
      3.5,
      'hemos recibido (?:tu|su|correctamente tu|correctamente su)|gracias por (?:aplicar|postularte|tu solicitud)|acuse de recibo',
    ],
    [
      3.5,
      'in goede orde ontvangen|ontvangstbevestiging|abbiamo ricevuto|recebemos a sua candidatura',
    ],
    [
      2,
      'under review|still reviewing|being reviewed|in review|review (?:it|your application|your profile) (?:shortly|soon|right away|carefully)|reviewing each one|étude|in prüfung|prüfen (?:und|ihre)|revisará',
    ],
    // Alerts, newsletters, marketing
    [
      4,
      'job alert|jobs? you may|recommended jobs|new jobs|jobs for you|(?:see|view|show) (?:all|more) jobs|(?:new )?job offers for you|nouveaux emplois|(?:voir|afficher) tous les emplois|alerte emploi|postuler facilement|alle jobs|toutes les offres|(?:ver )?todas las ofertas|similar jobs|jobagent|stellenangebote für sie|neue jobs|nouvelles offres|offres qui correspondent|alerte|nuevas ofertas|ofertas que encajan|alertas|newsletter|webinar|based on your (?:recent )?searches',
    ],
    [1.5, 'easily apply|be an early applicant|actively recruiting|apply now'],
    // Tasks, reminders, surveys, outreach, onboarding
    [
      2.5,
      'assessment|coding challenge|case study(?! presentation)|take-home|hackerrank|codesignal|online test|test technique|prueba técnica|testaufgabe|aufgabe|exercice (?:technique|pratique|à réaliser)|cas pratique|étude de cas|mise en situation écrite|caso práctico|ejercicio (?:técnico|práctico)|probeaufgabe|fallstudie|home assignment|technical (?:exercise|task)|opdracht|esercizio (?:tecnico|pratico)|exercício (?:técnico|prático)|zadanie (?:rekrutacyjne|techniczne)',
    ],
    [3, 'reminder|erinnerung|erinnern|rappel|recordatorio|te recordamos|we remind'],
    [2, 'tomorrow|morgen|morgigen|demain|mañana'],
    [3, 'survey|feedback on your (?:experience|candidate experience)|how was your'],
    [
      3,
      'came across your profile|would you be open|open to (?:hearing|a chat|exploring)|interested in hearing more|sourced|(?:ihr|dein) profil ist mir (?:\\p{L}+ )?aufgefallen|(?:hätten|hättest|haben) (?:sie|du) interesse an|wären sie offen|offen für (?:einen|ein) (?:austausch|gespräch)|votre profil (?:a retenu mon attention|m.a interpellé)|seriez-vous (?:ouvert|intéressé)|(?:tu|su) perfil me (?:ha )?(?:parecido|llamado)|(?:estarías|estaría) (?:abierto|interesad)|je profiel (?:viel|sprak)|il tuo profilo (?:mi ha|ha attirato)|twój profil|seu perfil (?:chamou|me chamou)',
    ],
    [3, 'withdrawn|zurückgezogen|retirée|retirada'],
    [3, "first day|onboarding paperwork|glad you accepted|we're so glad you"],

    [3, 'tips|blog|read more|how to|article|podcast|guide to'],
    [
      3,
      'action required|complete your (?:candidate )?(?:profile|application)|missing documents|upload (?:the|your) (?:missing|documents)',
    ],
    [
      3,
      'viewed your application|(?:ha|a) (?:leído|consulté) (?:tu|su|votre)|hat (?:ihre|deine) bewerbung (?:angesehen|gelesen)',
    ],

    [
      3.5,
      'still (?:meeting|interviewing|reviewing|considering|speaking)|(?:expect|hope|aim|plan) to (?:make|reach) a decision|decision (?:by|within|in the next)|let you know (?:the outcome|either way|as soon)|either way|keep you (?:posted|updated)',
    ],
    [
      3.5,
      'candidate account|verify your email|(?:talent) (?:community|network)|account has been created|create (?:an|your) account|password',
    ],
    // Decisions point to the portal too ("view the status in your candidate portal"): it leans.
    [1.5, '(?:careers?|candidate|talent) (?:portal|site|home)'],

    [
      4.5,
      "(?:received|got|thanks? for|thank you for) (?:your|the) signed|signed (?:offer|contract)(?: letter)? (?:attached|back|received)|you(?:'ve| have) accepted|glad you accepted|onboarding|ihre unterschriebene|tu contrato firmado|votre contrat signé",
    ],
    [
      4,
      "tag der offenen tür|open (?:day|house|evening)|journée portes ouvertes|puertas abiertas|career fair|job fair|karrieremesse|jobmesse|salon de l['’]emploi|feria de empleo|hiring event|recruiting event|info(?:rmation)? (?:session|evening|event)|infoveranstaltung",
    ],
    // A calendar's reply to an invitation, not an invitation.
    [
      4.5,
      'has (?:accepted|declined|tentatively accepted) (?:this|your|the) (?:invitation|meeting|event)|this event has been (?:changed|updated)|(?:dieser|der) termin wurde (?:geändert|aktualisiert)|cet événement a été modifié|este evento ha (?:cambiado|sido modificado)',
    ],
    [
      4,
      'complete (?:our|the|your|an?|these) (?:\\S+ ){0,2}(?:assessments?|tests?|challenge|questionnaire|exercise)|updated (?:the )?(?:video link|calendar invite|invite|meeting link|location|room)|nothing else (?:has )?changed',
    ],
  ]),

  // Broader families (written after the blind-2 batch, ADR 0017): the same meanings in the
  // casual, terse and agency wordings the first families missed.
  ...rules('rejection', [
    [
      4.5,
      "(?:went|gone|going|decided to go) with (?:an? )?(?:internal|other|another|different|stronger) (?:candidate|applicant|person|profile)|(?:hired|appointed|selected|chosen|offered the (?:role|position) to) (?:someone|somebody|another (?:candidate|applicant|person))|(?:decided|chosen) not to (?:progress|proceed|take (?:things|it|this|your application) (?:any )?further)|won't be taking (?:your application|things|this|you) (?:any )?further|not (?:be )?taking (?:your application|you|this) (?:any )?further|(?:other|some) (?:candidates|applicants) (?:were|are) (?:a )?closer (?:match|fit)|not (?:quite )?(?:the right|a) (?:fit|match) (?:for|at)|(?:role|position|vacancy|opening) (?:has been|was|is being) (?:put on hold|closed|cancelled|canceled|withdrawn)|not been successful|were not successful|weren't successful|(?:you have|you've) been unsuccessful|(?:will not|won't|not) be proceeding|(?:this one )?is a no\\b|decided to pass|(?:close|closing|closed) your (?:application|candidacy)|(?:mit|an) (?:jemand anderem|jemand anderen|einer anderen person|einem anderen (?:kandidat|bewerber)\\p{L}*)|nicht erfolgreich|(?:decided|chosen|opted|elected) not to (?:move|go|proceed|progress|continue)(?: forward| ahead| further)?(?! with (?:the|your) (?:interview|next))|(?:not|n't) (?:be )?(?:move|moving|progress|progressing|proceed|proceeding|invite you|inviting you) (?:you )?(?:to|forward to|on to) (?:the |an? )?(?:interview|next (?:stage|round|step))",
    ],
    [
      4.5,
      "(?:nicht|keine) (?:weiter )?(?:berücksichtigen|berücksichtigt)|(?:stelle|position|vakanz) (?:wurde |ist |konnte )?(?:\\p{L}+ ){0,2}(?:intern |anderweitig )?(?:besetzt|vergeben)|nicht (?:für die|in die) (?:nächste|weitere) (?:runde|phase|auswahl)|retenu un autre (?:profil|candidat)|choix d'un autre (?:candidat|profil)|(?:n'a|n'avons) pas (?:été )?retenu|ne correspond(?:ait)? pas|avanzar con otr[oa]s? (?:candidat|perfil)|no (?:has|ha) sido seleccionad|no (?:encaja|se ajusta)|niet (?:uit te nodigen|door naar|verder)|non (?:è|e) stata selezionata|non (?:procedere|proseguire)|não (?:foi|ter sido) selecionad|avançar com outr[oa]s",
    ],
  ]),
  ...rules('offer', [
    [
      4,
      "they want you|deciso di (?:assumerti|assumerla)|benvenut[oa] nel (?:team|nostro team)|juntar-se (?:à|a) nossa (?:equipa|equipe)|fazer parte da nossa (?:equipa|equipe)|verwelkomen in (?:ons|het) team|bieden (?:je|u) (?:graag )?(?:de|een) (?:functie|baan|positie)|vorremmo che (?:entrasse|entrassi|facesse|facessi) (?:a )?far parte|esito positivo (?:della|del) (?:selezione|colloquio)|nos gustaría que (?:formaras|formes|te unieras|te incorpores)|gostaríamos que (?:fizesse parte|se juntasse|integrasse)|(?:hätten|würden) (?:dich|sie) (?:\\p{L}+ ){0,3}(?:an bord|im team haben)|(?:so |really )?(?:happy|pleased|delighted|thrilled) to (?:welcome you|confirm that we would like you|confirm your)|für (?:dich|sie) entschieden|(?:je|u) bent aangenomen|nos encantaría que te (?:unieras|unas)|(?:want|wants|would like|'d like|love) (?:you )?to (?:hire|bring) you|want to hire you|would like to hire you|you got the job|(?:want|would like|'d like) you to (?:come on board|join (?:us|the team|our team))|come on board as|(?:have|has|they've) come back with (?:an? )?(?:offer|£|€|\\$|\\d)|you have been successful|you've been successful|been selected for the (?:role|position|job)|(?:your )?offer is (?:now )?(?:available|ready)|extended (?:an? )?(?:employment |job )?offer|attached is your (?:employment |work )?(?:contract|agreement)|employment agreement|contract of employment",
    ],
    [
      4,
      "(?:möchten|wollen|würden) (?:sie|dich|ihnen|dir) (?:\\p{L}+ ){0,3}(?:einstellen|im team (?:haben|begrüßen)|an bord)|(?:sie|dich) (?:\\p{L}+ ){0,2}im team (?:haben|begrüßen)|wir wollen (?:sie|dich)|(?:ihr|dein|unser) (?:vertrags)?angebot (?:für|als)|confirmer votre embauche|promesse d'embauche|(?:vous|te) proposer (?:de rejoindre|le poste|un poste|un cdi)|proposition (?:de poste|d'embauche)|contrat de travail|has sido seleccionad[oa]|ha sido seleccionad[oa]|propuesta de contratación|fecha de incorporación|carta (?:de )?oferta|ofrecerte el puesto|ofrecerle el puesto|(?:willen|gaan) (?:je|u) (?:graag )?aannemen|arbeidsvoorwaarden(?:voorstel)?|arbeidsovereenkomst|proporle l'assunzione|proposta di assunzione|lettera di assunzione|offrirle la posizione|proposta para integrar|oferecer a (?:posição|vaga)|carta de oferta",
    ],
  ]),
  ...rules('interview', [
    [
      3.5,
      "let's do (?:monday|tuesday|wednesday|thursday|friday|tomorrow|\\d)|see you (?:then|there)|(?:calendar )?invit(?:e|ation) (?:is )?on (?:its|the) way|i'll send (?:you )?(?:a|the) (?:teams|zoom|meet|google meet|calendar|video) (?:link|invite|invitation)|(?:monday|tuesday|wednesday|thursday|friday|tomorrow)(?: at [\\d:.apm ]+)? (?:is perfect|works (?:for (?:us|me)|great|perfectly|well)|suits (?:us|me))|(?:passt uns|passt mir) (?:gut|perfekt)|nous convient (?:parfaitement|bien)|nos (?:va|viene) bien|(?:i've|we've|i have|we have) (?:booked|scheduled|locked|pencilled|penciled|put) (?:it|that|this|you|the interview) in|you(?:'ll| will) be meeting (?:with )?|(?:does|would|could) (?:\\S+ ){0,3}work for (?:a |an )?(?:quick |short )?(?:\\S+ )?(?:call|chat|zoom|meet|teams|interview|catch-up)|(?:quick|short) (?:zoom|call|teams call|video call|chat) with|progressed to the (?:second|next|final|third) (?:interview|round|stage)|tijd voor een (?:videocall|gesprek|kennismaking|belletje|(?:kort )?telefoongesprek)|are you (?:free|available) (?:on |this |next |for |tomorrow|monday|tuesday|wednesday|thursday|friday)|can you do (?:a |an )?(?:\\S+ )?(?:min|minute|call|chat|phone|video)|(?:want|wants|would like|'d like|keen|love) to meet you|(?:come back|come in) for (?:the |a )?(?:second|third|final|next|another) (?:stage|round|interview|conversation)|case study presentation|present (?:your|the|a) case study|(?:final|second|next) round (?:onsite|on-site|interview)|onsite interview|on-site interview|technical (?:interview|conversation|discussion)|(?:pick|book|choose|select) (?:a |the )?(?:slot|time|date)s?(?: that)?|sent you a calendar invite|(?:proposed|suggested) (?:monday|tuesday|wednesday|thursday|friday|a time|times)|(?:here are|below are) (?:a few|some) (?:slots|times)|share your availability",
    ],
    [
      3.5,
      '(?:sie|dich) (?:gerne |gern )?(?:\\p{L}+ ){0,2}kennenlernen|(?:persönliches|erstes) gespräch|gespräch (?:würde|wird|findet) (?:am|um)|(?:zeit|lust) (?:für|auf) ein (?:telefonat|gespräch|kennenlernen)|(?:rencontrer|échanger avec) (?:vous|toi)|(?:disponible|disponibilités?) pour (?:un|une) (?:entretien|échange|appel)|entretien téléphonique|en visio|conocerte|videollamada|(?:entrevista|llamada) (?:presencial|telefónica|por)|(?:eerste|tweede) gesprek|kennismakingsgesprek|sollicitatiegesprek|nodigen (?:je|u) (?:graag )?uit|(?:invitarla|invitarti|incontrarla|incontrarti)|colloquio (?:conoscitivo|in videochiamata|di selezione)|(?:convidar|convidá-lo|convidá-la) para uma entrevista|agendar uma (?:conversa|entrevista)',
    ],
  ]),

  // Broader families (written after the blind-4 batch, ADR 0017): terse mobile replies, the
  // decision in a subordinate clause, Dutch/Italian/Portuguese offers and rejections.
  ...rules('rejection', [
    [
      4.5,
      "(?:went|gone|go|going|decided to go|chose to go|have gone) (?:another|a different|the other) (?:way|route|direction)|(?:we|i|we've|we have|i've|they've|they have) (?:have |has )?(?:now )?filled the (?:\\S+ ){0,4}(?:position|role|vacancy|opening|post|job)|(?:closing|closed|close) (?:the|our) (?:external )?(?:process|search|recruitment|hiring process)(?: for this (?:role|position))?|(?:progress|proceed|continue|move forward|go ahead) with (?:the |a |other |another )?(?:candidates?|applicants?|profiles?|people) (?:whose|who|that|with)|(?:hired|appointed|found|offered (?:it|the job) to) (?:a|an|another|the other|someone|somebody) (?:\\S+ )?(?:candidate|person|applicant|else)|not (?:the|a) (?:one|match|fit) (?:to take forward|this time)|not one to take forward|(?:was|is|it's|it is) (?:a )?(?:no|pass) (?:from|for) (?:them|us|the team|the client)|(?:leider|bedauerlicherweise) (?:\\p{L}+ ){0,5}(?:für (?:jemand|eine?n?|einen) (?:anderen|andere)|anders entschieden|absagen)|für (?:jemand anderen|jemand anderes|eine andere person) entschieden|(?:gaan|gaat|verder) (?:\\p{L}+ ){0,3}(?:met|voor) (?:een )?andere (?:kandidaat|sollicitant)|(?:gekozen|besloten) (?:\\p{L}+ ){0,4}(?:andere kandidaat|niet verder)|(?:abbiamo )?(?:scelto|selezionato|preferito|individuato) (?:un altro|un'altra|altri|altre) (?:profil|candidat)\\p{L}*|não (?:iremos|vamos) (?:avançar|prosseguir|dar seguimento)|(?:optamos|optámos|escolhemos|selecionamos) (?:por )?(?:outr[oa]s?) (?:candidat|perfi)\\p{L}*|(?:hemos|han) (?:optado|decidido seguir|elegido) (?:por|con) (?:otr[oa]s?|un) (?:perfil|candidat)\\p{L}*|(?:fait|porté notre) (?:le )?choix (?:sur|d')(?: un)? ?(?:autre|une autre) (?:candidat|profil)\\p{L}*",
    ],
  ]),
  ...rules('offer', [
    [
      4,
      "(?:we'd|we would|we'll|we will) love to have you(?: (?:on board|join|aboard|with us))?|(?:formal|written) (?:paperwork|offer|terms|package|contract)(?: \\S+){0,3} (?:to follow|coming|will follow|on its way|tomorrow|today)|(?:you(?:'ve| have)|you) been (?:approved|selected|chosen) (?:for|as)|(?:foi|fuiste|fue|has been|have been) (?:aprovad[oa]|seleccionad[oa]|selecionad[oa]|elegid[oa]) (?:para|no|en|for|as)|proposta salarial|carta (?:proposta|de admissão|de contratação)|aguardamos (?:o )?(?:seu|teu) aceite|(?:bem-vind[oa]|benvenut[oa]|welkom) (?:à|a|al|bij|in|nel) |team (?:komt|kom) versterken|ons team (?:komen )?versterken|proporti l'assunzione|(?:deciso|lieti|felici) di (?:proporti|proporle|offrirti|offrirle|assumerti|assumerla)|(?:documents?|paperwork|contract|agreement|arbeitsvertrag|vertrag) (?:are|is|ist|sind)? ?(?:attached|anbei|in der anlage)|(?:erhalten|bekommst|findest) (?:sie|du) (?:anbei|beigefügt) (?:ihren|deinen) (?:arbeits)?vertrag|your (?:employment )?(?:contract|agreement|paperwork|documents) (?:is|are) (?:attached|ready)|(?:on|from) (?:the|our) (?:panel|team) was unanimous|the panel was unanimous|(?:want|wants) you on board|it's a yes|c'est un oui",
    ],
  ]),
  ...rules('interview', [
    [
      3.5,
      "(?:today|tomorrow|tmrw|tmr|tmw|monday|tuesday|wednesday|thursday|friday|mon|tue|tues|wed|thu|thurs|fri|\\d{1,2}(?:[:.]\\d\\d)? ?(?:am|pm|h|uhr))[^.?!]{0,30}(?:still )?(?:good|ok|okay|work|works|suit|suits|possible|fine|convenient) (?:for|with) you\\?|(?:will|i'll|we'll|i will|we will) send (?:you )?(?:a|the|an) (?:\\S+ )?(?:meet|zoom|teams|video|calendar|call) (?:link|invite|invitation)|(?:ihren|deinen|den|ihr|dein) (?:vorstellungs|bewerbungs|interview|gesprächs)?termin (?:am|für|zum)|vorstellungstermin|bestätigen wir (?:ihnen |dir )?(?:ihren|deinen|den|ihr|dein) (?:\\p{L}+)?termin|melden sie sich (?:bitte )?am empfang|(?:dispo|disponible)s? (?:lundi|mardi|mercredi|jeudi|vendredi|demain|ce|cette)[^.?!]{0,40}(?:échange|entretien|appel|visio|rendez-vous)|(?:kun|kan|kunt) (?:je|u) (?:maandag|dinsdag|woensdag|donderdag|vrijdag|morgen)?[^.?!]{0,40}(?:langskomen|gesprek|videocall|bellen)|(?:fissare|organizzare|programmare) (?:un |il )?(?:breve )?colloquio|(?:convidar|convidá-lo|convidá-la|convidamos)[^.]{0,30}(?:entrevista|conversa)|(?:citarle|citarte|convocarle|convocarte) (?:para|a) (?:una )?(?:entrevista|reunión)|(?:move|moving|progress|progressing) you (?:to|into|on to) (?:the )?(?:technical|next|final|second|onsite|on-site) (?:round|stage|interview)|(?:invite|interview) for your (?:first|second|final)[- ]round interview|(?:please find|here is|here's) (?:the )?(?:invite|invitation) for your (?:\\S+ ){0,2}interview|(?:like|love|want|happy) to (?:meet you|have you in) for (?:the |a )?(?:\\S+ )?(?:role|position|interview)",
    ],
  ]),
  // A meeting proposed as a question with a day and a time, in any of the languages
  // ("9:30?", "¿te viene bien el miércoles a las 17h?", "na quinta às 10h?").
  ...rules('interview', [
    [
      3,
      '(?:today|tomorrow|tmrw|monday|tuesday|wednesday|thursday|thurs|friday|montag|dienstag|mittwoch|donnerstag|freitag|morgen|lundi|mardi|mercredi|jeudi|vendredi|demain|lunes|martes|miércoles|jueves|viernes|mañana|maandag|dinsdag|woensdag|donderdag|vrijdag|lunedì|martedì|mercoledì|giovedì|venerdì|domani|segunda|terça|quarta|quinta|sexta|amanhã)[^.!?]{0,40}\\d{1,2}(?:[:.h]\\d\\d)?(?: ?(?:am|pm|h|uhr|horas|hrs|ore))?[^.!?]{0,25}\\?',
    ],
    [
      3,
      '(?:te|le|os) viene bien (?:el |la )?(?:lunes|martes|miércoles|jueves|viernes|mañana|semana)|(?:una |primera )?(?:charla|conversación|llamada) contigo|te (?:paso|mando|envío) (?:el )?(?:enlace|link|invite|la invitación)|bate-papo|(?:topa|topas|pode|podemos fazer) (?:um|uma) (?:bate-papo|conversa|call|chamada)|(?:mando|envio|te mando) o convite|(?:ti|le) va (?:bene )?(?:di fare )?(?:una )?(?:chiacchierata|call|videochiamata)|(?:hast du|haben sie) (?:\\p{L}+ ){0,3}zeit für (?:ein|einen) (?:\\p{L}+ )?(?:telefonat|gespräch|call|austausch)|zin in een (?:kop koffie|gesprek|kennismaking)',
    ],
  ]),
  ...rules('offer', [
    [
      4,
      "piacere di offrirti|(?:offrirti|offrirle|proporti) (?:il|un) (?:ruolo|posto|contratto|lavoro)|(?:ti|le) (?:mando|invio|invieremo|mandiamo|manderò) il contratto|(?:te|le) (?:mando|envío|enviamos|enviaremos) el contrato|(?:i'll|we'll|i will|we will) send (?:you )?(?:the|your) (?:contract|offer letter|written offer)|(?:make|making) it official|(?:je|u) (?:graag )?de (?:baan|functie) aan",
    ],
  ]),
  // After the first look at blind-6: shortlisting notices, "not better news", Italian offers.
  ...rules('interview', [
    [
      3.5,
      "(?:you have|you've|you are|you're|have been|has been) (?:been )?shortlisted|shortlisted for (?:an? |the )?(?:interview|assessment)|interviews will (?:take place|be held)|your (?:interview )?slot (?:is|will be)|(?:die )?(?:vorstellungsgespräche|gespräche) finden (?:am|statt)|les entretiens (?:auront lieu|se dérouleront)|las entrevistas (?:se celebrarán|tendrán lugar)",
    ],
  ]),
  ...rules('rejection', [
    [
      4,
      "(?:sorry|shame) (?:it's|it is|that it's|that it is) not (?:better|good|the) news|(?:it |that )?(?:isn't|is not|wasn't) (?:better|good) news|(?:we've|we have|we've now|we have now) (?:hired|recruited|found someone) for (?:this|the) (?:role|position|job)|(?:nos hemos|hemos|me he) decidido por otr[oa] (?:persona|candidat[oa]|perfil)|(?:uns|wir haben uns) für (?:eine andere|einen anderen) (?:person|bewerber|kandidat)\\p{L}*",
    ],
  ]),
  ...rules('offer', [
    [
      4,
      'vorremmo averti (?:con noi|nel (?:team|nostro team)|a bordo|in (?:squadra|laboratorio|studio|ufficio))|firmare il contratto|(?:pasar|venir) a firmar el contrato|souhaitons vous (?:recruter|embaucher|accueillir)|(?:we )?(?:want|would like) to (?:recruit|employ) you',
    ],
  ]),
  // After the first look at blind-7: trial days and group exercises are meetings; a signed
  // contract acknowledged, references asked for and background checks are steps after the
  // decision, not news; Polish, the next language of European seekers.
  ...rules('interview', [
    [
      2.4,
      "probearbeit\\p{L}*|probetag|schnuppertag|hospitation|journée d['’](?:immersion|essai|intégration|observation)|dinámica de grupo|dinámica grupal|jornada de (?:prueba|puertas)|día de prueba|proefdag|meeloopdag|meeloop(?:middag|ochtend)|giornata di prova|prova pratica|dia de (?:experiência|experimentação)|dinâmica de grupo|trial (?:day|shift|session)|work trial|paid trial|group (?:exercise|interview|assessment)|dzień próbny",
    ],
    [
      3.5,
      "(?:invit\\p{L}*|einlad\\p{L}*|propos\\p{L}*|propon\\p{L}*|convid\\p{L}*|uitnodig\\p{L}*|zaprasza\\p{L}*|zaprosić|come in for|join us for)(?: \\S+){0,5} (?:probearbeit\\p{L}*|probetag|schnuppertag|hospitation|journée d['’](?:immersion|essai|intégration|observation)|dinámica de grupo|dinámica grupal|jornada de (?:prueba|puertas)|día de prueba|proefdag|meeloopdag|meeloop(?:middag|ochtend)|giornata di prova|prova pratica|dia de (?:experiência|experimentação)|dinâmica de grupo|trial (?:day|shift|session)|work trial|paid trial|group (?:exercise|interview|assessment)|dzień próbny)",
    ],
    [
      4,
      'zaprosić (?:\\p{L}+ ){0,2}na (?:\\p{L}+ ){0,2}(?:rozmow\\p{L}*|spotkani\\p{L}*)|zaproszenie na (?:\\p{L}+ ){0,2}(?:rozmow\\p{L}*|spotkani\\p{L}*)|rozmow\\p{L}* (?:rekrutacyjn|kwalifikacyjn|telefoniczn|techniczn)\\p{L}*|zapraszamy na (?:\\p{L}+ ){0,2}(?:rozmow\\p{L}*|spotkani\\p{L}*)',
    ],
  ]),
  // "Could you drop by on Thursday?": a visit asked for is a meeting.
  ...rules('interview', [
    [
      3,
      "(?:come|drop|pop|swing|stop) (?:by|in|over|round)(?: \\S+){0,4} (?:office|studio|shop|store|site|hq|premises|for a)|pasarte por|pasar(?:se|te|os)? por (?:la|el|nuestr\\p{L}*) (?:oficina|tienda|hotel|restaurante|sede|local|taller)|(?:bei uns |im büro |vor ort )?vorbei(?:kommen|schauen|zukommen|zuschauen)|passer (?:nous voir|à l['’](?:agence|atelier|hôtel|bureau))|langs(?:komen|te komen)|passare (?:in|da noi)|passar (?:aqui|no escritório|na loja)",
    ],
  ]),
  ...rules('offer', [
    [
      4.5,
      'ofert\\p{L}* (?:zatrudnienia|współpracy)|(?:przedstawi|złoży|składa|przesyła)\\p{L}* (?:\\p{L}+ ){0,2}ofert\\p{L}*|umow\\p{L}* o pracę|(?:chcemy|chcielibyśmy) (?:pana|panią|cię|ciebie) zatrudnić|witamy na pokładzie',
    ],
  ]),
  ...rules('rejection', [
    [1.5, 'niestety'],
    [
      4.5,
      'zdecydowaliśmy się na (?:\\p{L}+ ){0,2}inn\\p{L}* (?:kandydat|osob|ofert)\\p{L}*|inn\\p{L}* kandydat\\p{L}*|nie (?:\\p{L}+ ){0,3}(?:kontynuować|kontynuujemy|zakwalifikowa\\p{L}*|wybran\\p{L}*|przejść|przeszedł\\p{L}*|przeszła)|(?:odpowiedź|decyzja) (?:jest )?negatywn\\p{L}*',
    ],
  ]),
  ...rules('other', [
    [
      4.5,
      '(?:danke|dank) für (?:\\p{L}+ ){0,2}unterschrieben\\p{L}*|unterschrieben\\p{L}* (?:arbeits)?(?:vertrag|unterlagen) (?:\\p{L}+ ){0,4}(?:erhalten|angekommen|eingegangen)|(?:vertrag|unterlagen) (?:\\p{L}+ ){0,2}unterschrieben (?:\\p{L}+ ){0,3}(?:erhalten|angekommen|eingegangen|zurückerhalten)|(?:avons|ai) bien reçu (?:votre|ton) contrat|(?:hemos|he) recibido (?:tu|su|el) contrato|(?:ricevuto|arrivato) (?:il )?(?:suo |tuo )?contratto firmato|getekende (?:contract|arbeidsovereenkomst) (?:\\p{L}+ ){0,3}(?:ontvangen|binnen)|recebemos (?:o )?(?:seu )?contrato|otrzymaliśmy (?:\\p{L}+ ){0,2}podpisan\\p{L}* umow\\p{L}*',
    ],
    [
      3.5,
      'referees?|references? (?:check|checks|request|details)|(?:two|three|your|professional) references|referenzgeber\\p{L}*|referenzen|références professionnelles|(?:vos|des) références|referencias (?:laborales|profesionales)|(?:tus|sus) referencias|referenties|referenze|background (?:check|screening|verification)|credit check|führungszeugnis|casier judiciaire|antecedentes penales|verklaring omtrent (?:het )?gedrag|\\bvog\\b|right to work (?:check|documents)|drug (?:test|screen)',
    ],
    [
      2,
      'ersten arbeitstag|premier jour|primer día (?:de trabajo|en)|eerste werkdag|primo giorno di lavoro|primeiro dia',
    ],
    [
      3.5,
      'otrzymaliśmy (?:twoją|pana|pani|państwa) (?:aplikację|zgłoszenie|cv|kandydaturę)|oferty pracy|nowe oferty',
    ],
  ]),
  // After the first look at blind-8: a search kept open or paused, future-tense refusals, a
  // position closed in Italian, Portuguese and Dutch, a hire confirmed, "join our team" as an
  // offer, and the notes that prepare an interview or a first day.
  ...rules('rejection', [
    [
      4.5,
      "(?:decided|chosen|going) to (?:keep|continue) (?:looking|searching|our search|the search)|(?:continue|continuing|reopen|re-open|reopening) (?:our|the) search|(?:pause|paused|pausing|freeze|froze|frozen|suspend|suspended) (?:all )?(?:hiring|recruitment|recruiting|the (?:role|search|process|recruitment|hiring))|hiring (?:freeze|pause)|(?:won't|will not|not) be (?:continuing|proceeding|moving forward) (?:with )?(?:the|this|our) (?:process|recruitment|search|hiring)|(?:offered|given) (?:the|this) (?:role|position|job) to (?:them|him|her|the other)|(?:offered|given) it to (?:someone|another|the other|them)",
    ],
    [
      4.5,
      "(?:ne|n') ?(?:retiendrons|retenons|retiendra|poursuivrons|poursuivons|donnerons|continuerons|irons|pourrons) pas|(?:posizione|ruolo|selezione|ricerca) (?:\\p{L}+ ){0,6}(?:è|e) stat[oa] (?:chius[oa]|coperta|ricoperta|assegnata|sospesa)|(?:vaga|posição|processo) (?:\\p{L}+ ){0,4}(?:foi )?(?:encerrad[oa]|preenchid[oa]|fechad[oa]|cancelad[oa])|não (?:seguiremos|vamos seguir|daremos (?:continuidade|seguimento))|(?:vacature|functie) (?:\\p{L}+ ){0,4}(?:is )?(?:ingevuld|vervuld|gesloten|ingetrokken)|no se ajusta|no (?:\\p{L}+ ){0,2}(?:coincide|corresponde) con (?:lo que|el perfil)",
    ],
  ]),
  ...rules('offer', [
    [
      4.5,
      "confermiamo (?:\\p{L}+ ){0,3}(?:l['’])?assunzione|(?:bestätigen|bestätige) (?:wir |ich )?(?:ihnen|dir) (?:\\p{L}+ ){0,2}(?:die |ihre |deine )?(?:anstellung|einstellung|zusage)|confirm(?:ons|er) (?:\\p{L}+ ){0,3}(?:votre |ton )?(?:embauche|recrutement|engagement)|(?:te |le )?confirmamos (?:\\p{L}+ ){0,3}(?:tu |su )?(?:contratación|incorporación|contratação)|confirm (?:\\S+ ){0,2}(?:your )?(?:appointment|employment|hire) (?:to|as)|(?:convidar|convidamos|convite)(?: \\S+){0,3} (?:para )?(?:fazer parte|se juntar|integrar)|invitar(?:te|le)? a (?:formar parte|unirte|sumarte|incorporarte)|(?:like|love|want) you to join (?:us|our team|the team)|(?:vous|te) (?:inviter|invitons) à rejoindre|fuiste (?:seleccionad[oa]|elegid[oa]) para (?:ocupar|el puesto|la vacante)|(?:je bent|u bent) aangenomen",
    ],
  ]),
  ...rules('other', [
    [
      3.5,
      'what to expect|(?:prepare|preparing|preparation) for (?:your|the) (?:interview|first day|call)|test your (?:audio|video|camera|connection)|(?:your|the) (?:interview|call|meeting|assessment) is (?:tomorrow|today|coming up|in \\d)|form i-9|\\bi-9\\b|\\bw-4\\b|tax (?:forms?|details)|bank details|payroll|(?:before|ahead of) your start date|(?:identity|id|right-to-work) documents|laptop|equipment',
    ],
  ]),
]

/** Subject lines: short and formulaic, so a few phrases carry much. */
export const SUBJECT_RULES: Rule[] = [
  ...rules('interview', [
    [
      3,
      "invitation|invite|einladung|convocation|uitnodiging|convite|let's chat|next round|second round|kennenlern|phone screen|schedule (?:your|an|a)|intro call|interview request|request to interview|vorstellungstermin|citación|rendez-vous",
    ],
    [2, 'interview|entretien|entrevista|colloquio|vorstellungsgespräch'],
  ]),
  ...rules('offer', [
    [
      3,
      "(?<!job |new )offer(?!s)|welcome aboard|welcome on board|your (?:employment )?contract|vertragsunterlagen|ihr arbeitsvertrag|dein arbeitsvertrag|bem-vind|benvenut|welkom bij|willkommen (?:bei|im team|an bord)|zusage|vertragsangebot|einstellung|proposition d'embauche|bienvenue|bienvenid|propuesta de incorporación|proposta di assunzione|aanbod|congratulations",
    ],
  ]),
  ...rules('rejection', [
    [3.5, 'absage|application outcome|regret|afwijzing|esito negativo'],
    // A decision stated in the subject alone ("Update: you were not selected for …"), above the
    // portal boilerplate of the body.
    [
      5,
      'unsuccessful|(?:application|candidacy) (?:declined|rejected)|(?:application|candidacy|candidatura|solicitud|candidature|bewerbung) (?:has been |was |ha sido |fue |a été |wurde |è stata |foi )?(?:declined|rejected|descartad[oa]|rechazad[oa]|refusée?|abgelehnt|scartat[oa]|reprovad[oa])|(?:were|was|have not been|has not been|not been|not) selected|not (?:be )?(?:moving|progressing|proceeding) forward|(?:candidatura|solicitud) (?:no seleccionada|descartada|rechazada)|no seleccionad[oa]|non retenue?|pas retenue?|nicht berücksichtigt|afgewezen|não selecionad[oa]|non selezionat[oa]',
    ],
  ]),
  ...rules('other', [
    [
      3.5,
      'signed|accepted|boletín|bulletin|nieuwsbrief|ofertas de la semana|application (?:received|submitted)|received your application|thank(?:s| you) for (?:applying|your application)|eingangsbestätigung|danke für (?:deine|ihre) bewerbung|accusé de réception|merci pour votre candidature|hemos recibido|gracias por aplicar|bedankt voor je sollicitatie|reminder|erinnerung|recordatorio|rappel|job alert|jobs? (?:for you|you may)|new jobs|job offers|offres d.emploi|ofertas de empleo|neue stellenangebote|nouvelles offres|nuevas ofertas|stellenangebote|newsletter|assessment|coding challenge|test technique|prueba técnica|case study(?! presentation)|survey|first day|withdrawn|still under review|status|interview (?:guide|tips|prep\\p{L}*)|webinar|updated invitation|invitation updated|updated event|aktualisierte einladung|invitation mise à jour|invitación actualizada',
    ],
  ]),
]

/** A sentence that only supposes an interview or an offer ("if your profile matches, we will invite you…"). */
export const HYPOTHETICAL =
  /(?<![\p{L}])(?:if (?:you (?:have not|haven't|do not|don't) hear|you (?:would|'d) like|you wish|you want|your|you are|you're|we|there|selected|successful|shortlisted|suitable|it's a|it is a|so|this)|should (?:your|we|you be|there)|in case (?:your|we)|may include|might include|could include|(?:will|we'll|shall) (?:be in touch|contact you|reach out|get back)|sollte(?:n)? (?:ihr|dein|sie|wir|es)|falls (?:ihr|dein|sie|wir|es)|wenn (?:ihr|dein|wir|es)|si (?:votre|ton|vous|nous|tu|ta|ce)|s'il|en caso de|si (?:tu|su|usted|encaja)|als (?:je|jouw|wij)|se (?:il tuo|il suo)|caso (?:o seu|seja)|qualora|nel caso in cui|caso (?:seu|o teu)|(?:la|ti|vi|le) contatteremo|(?:entraremos|entraremos) em contato|nos pondremos en contacto|wir melden uns)(?![\p{L}])/iu

/** A sentence about an event or a process, not a meeting with the candidate: its interview words
 * ("invite you to our webinar", "our interview process includes a phone screen") are dropped. */
export const NOT_AN_INTERVIEW =
  /(?<![\p{L}])(?:webinar|(?:like|want|welcome|offer you|provide|share|give you|receive|detailed|some|personal|any|for) (?:some |more )?feedback|(?:ein |kein )?feedback(?:gespräch)? (?:wünschen|geben)|(?:un )?retour (?:détaillé|personnalisé)|open (?:day|house|evening)|career (?:fair|event)|job fair|hiring event|info(?:rmation)? (?:session|evening|event)|meetup|hackathon|tag der offenen tür|infoveranstaltung|karrieremesse|journée portes ouvertes|salon|feria de empleo|jornada de puertas abiertas|(?:our|the) (?:interview|hiring|recruitment|recruiting|selection) process (?:works|consists|includes|involves|looks like|has|is)|how our (?:interview|hiring|recruitment) process|(?:unser|der) (?:bewerbungs|auswahl)prozess (?:besteht|umfasst|sieht)|notre processus de recrutement (?:comprend|se compose)|nuestro proceso de selección (?:consta|incluye)|(?:interview )?tips|consejos|conseils|tipps|how to (?:ace|prepare for|succeed in)|réussir (?:votre|ton|son) entretien|preparar (?:tu|su|la) (?:próxima )?entrevista)(?![\p{L}])/iu

/** A sentence that looks back on an interview ("thank you for interviewing with us"). */
export const PAST_INTERVIEW =
  /(?<![\p{L}])(?:thank(?:s| you)[^.]{0,60}(?:interview|conversation|call|meeting|time|chat|coming in|visit)|gracias por (?:tu|su|el) tiempo|for (?:taking )?the time|(?:following|after) (?:your|our|the) (?:recent )?(?:interviews?|calls?|conversations?|chat|meetings?)|enjoyed (?:meeting|speaking|talking)|it was (?:great|lovely|nice|a pleasure) (?:to meet|meeting|speaking)|for interviewing|effort goes into interviews|nach (?:den|dem|unserem|unseren) (?:\p{L}+ )?gespräch|danke für (?:das|ihr|dein|den)|(?:danke|dank) fürs|vielen dank für (?:das|ihr|dein|den|ihren)|nochmals vielen dank|suite à (?:vos|votre|nos|notre) entretiens?|merci (?:encore )?pour (?:l'|votre |vos |ton |notre )|tras (?:la|las) (?:primera )?entrevistas?|después de (?:las|la) entrevistas?|gracias por (?:el tiempo|participar|la entrevista)|bedankt voor (?:het|je) gesprek)(?![\p{L}])/iu
