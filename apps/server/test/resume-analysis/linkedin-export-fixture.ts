/**
 * LinkedIn's data export as LinkedIn lays one out, for an invented person (columns as LinkedIn
 * names them, a "Notes:" preamble, quoted fields with commas, quotes and line breaks): the
 * files of a `Basic_LinkedInDataExport_*.zip`, to be zipped by the test with fflate.
 */
import { strToU8 } from 'fflate'

export function inventedExport(): Record<string, Uint8Array> {
  const files: Record<string, string> = {
    'Profile.csv': [
      'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers',
      'Marta,Okonkwo-Reyes,,,"Apr 3, 1991",Staff Data Engineer at Tidewater Analytics,"I build data platforms that analysts trust: streaming ingestion, ""boring"" warehouses, and tests for data.",Software Development,,"Porto, Porto, Portugal",,"[PORTFOLIO:https://marta.example.dev,OTHER:https://github.com/mokonkwo]",',
    ].join('\r\n'),
    'Positions.csv': [
      'Company Name,Title,Description,Location,Started On,Finished On',
      'Tidewater Analytics,Staff Data Engineer,"Leads the ingestion platform.\n- Cut warehouse costs by 38% by moving cold partitions to object storage\n- Built a streaming pipeline for 2M events a minute","Porto, Portugal",Nov 2022,',
      'Quayside Logistics,Senior Data Engineer,"Owned the dbt project, 400 models.",Lisbon,Mar 2019,Oct 2022',
      'Quayside Logistics,Data Engineer,,Lisbon,Jul 2016,Feb 2019',
    ].join('\r\n'),
    'Education.csv': [
      'School Name,Start Date,End Date,Notes,Degree Name,Activities',
      'Universidade do Porto,2011,2016,Computer Science,Master of Science,Chess club',
    ].join('\r\n'),
    'Skills.csv': ['Name', 'Apache Kafka', 'dbt', 'Python', '"SQL, PostgreSQL"'].join('\r\n'),
    'Email Addresses.csv': [
      'Email Address,Confirmed,Primary,Updated On',
      'old.marta@example.org,Yes,No,"1/2/15, 10:00 AM"',
      'marta.okonkwo@example.com,Yes,Yes,"3/4/21, 9:12 AM"',
    ].join('\r\n'),
    'PhoneNumbers.csv': ['Extension,Number,Type', ',+351 912 345 678,Mobile'].join('\r\n'),
    'Languages.csv': [
      'Name,Proficiency',
      'Portuguese,Native or bilingual proficiency',
      'English,Full professional proficiency',
    ].join('\r\n'),
    'Certifications.csv': [
      'Name,Url,Authority,Started On,Finished On,License Number',
      'Google Cloud Professional Data Engineer,https://example.com/cert,Google Cloud,Jan 2023,Jan 2025,ABC-123',
    ].join('\r\n'),
    'Connections.csv': [
      'Notes:',
      '"When exporting your connection data, you may notice that some of the email addresses are missing."',
      '',
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
      'Ana,Silva,https://www.linkedin.com/in/ana-silva,,Acme,CTO,12 Jan 2024',
    ].join('\r\n'),
  }
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))
}
