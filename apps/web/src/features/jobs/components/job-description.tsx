import { descriptionBlocks } from '../lib/description-blocks'

/**
 * The description as text paragraphs and lists. Deliberately not the sanitised HTML the API also
 * sends: React text can never carry markup or script, whatever a feed put in a posting.
 */
export function JobDescription({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3 text-base leading-relaxed">
      {descriptionBlocks(text).map((block, index) => {
        if (block.kind === 'paragraph') {
          return <p key={index}>{block.text}</p>
        }
        const List = block.ordered ? 'ol' : 'ul'
        return (
          <List key={index} className={block.ordered ? 'list-decimal ps-6' : 'list-disc ps-6'}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </List>
        )
      })}
    </div>
  )
}
