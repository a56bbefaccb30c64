import Library

/// What `library/letter.mustache` shows: a patron's overdue letter, to print.
struct LetterPage: Encodable {
    let name: String
    let returnLine: String
    let hasReturnLine: Bool
    let recipient: [String]
    let lacksAddress: Bool
    let patronHref: String
    let date: String
    let greeting: String
    let paragraphs: [String]
    let hasParagraphs: Bool
    let signature: String

    init(_ view: OverdueLetterViewModel) {
        name = view.patron.name
        returnLine = view.returnLine
        hasReturnLine = !view.returnLine.isEmpty
        recipient = view.recipient
        lacksAddress = view.lacksAddress
        patronHref = "/library/patrons/\(view.patron.id)"
        date = view.date
        greeting = view.greeting
        paragraphs = view.paragraphs
        hasParagraphs = !view.isEmpty
        signature = view.signature
    }
}
