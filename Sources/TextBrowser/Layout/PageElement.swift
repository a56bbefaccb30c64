/// What an element of a page is to VessBrowser's views, as `PageWalk` reads it once for both:
/// the terminal lays these out into numbered lines, the web reader into blocks.
enum PageElement {
    /// `p`, `address`, `figure`, `fieldset`, `details`, `center`: a block set apart by blank lines.
    case paragraph
    /// `div`, `section`, `nav`, `form`, `body` and their kin: a block on lines of its own.
    case division
    case heading(level: Int)
    case quote
    case preformatted
    /// `start` is the first item's number; a reversed list counts down from it.
    case list(ordered: Bool, start: Int, reversed: Bool)
    /// A list item; `number` is its number in an ordered list.
    case item(number: Int?)
    case definitions, term, definition
    case table, row, cell(header: Bool), caption
    case lineBreak, rule
    /// `target` is `href` resolved against the page's base, nil when it does not resolve.
    case link(href: String, target: String?)
    /// `alt` collapsed (nil when the image has none) and `source` resolved.
    case image(alt: String?, source: String?)
    /// A form control the form sends, and where it is in `PageWalk.forms` (nil outside a form).
    case field(FormField, place: (form: Int, field: Int)?)
    /// A control shown but never sent: its label.
    case inert(String)
    /// An element whose content flows in the text around it, in a style of its own or none.
    case inline(ReaderInline.Style?)
    /// An element with no layout of its own that still ends the text before it (`option`,
    /// `title` or `meta` in the body).
    case other
}
