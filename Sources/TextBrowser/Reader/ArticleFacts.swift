import ListorKit

/// What `ArticleExtractor` weighs, for every node of a page at once: whether the page hides it,
/// how much text it holds and how much of that is links, its commas, and whether it is a block
/// of text that scores its ancestors, and whether it is a card among others like it. Worked out
/// in passes over the node array: parents come before their children in it, so a forward pass
/// hands down what is hidden (reading each element's attributes once, as bytes) and a backward
/// one adds up what is inside.
struct ArticleFacts {
    let document: HTMLDocument
    /// Hidden by the page (`hidden`, `aria-hidden="true"`, `display:none`), never shown
    /// (scripts, styles), or inside such an element.
    private var dead: [Bool]
    /// Letters and other characters that are not spaces, inside the node and shown.
    private(set) var textLength: [Int]
    /// The part of `textLength` inside links.
    private(set) var linkLength: [Int]
    private(set) var commas: [Int]
    /// The blocks of text that score their ancestors: paragraphs, `pre`, table cells,
    /// containers holding text but no block of their own, and runs of text set straight in a
    /// container beside its blocks (text between `<br>`s and empty `<div>`s).
    private(set) var scored: [Bool]
    /// How many `article` elements are inside: a list of cards, not one article.
    private(set) var articles: [Int]
    /// One of three or more siblings of the same tag and first class word: an item of a list of
    /// cards (related posts, teasers), whose `id` (`post-123`) says nothing of the page's article.
    private var repeated: [Bool]
    /// Holds a list of cards: two `article`s or more inside, or three or more children of a kind.
    private(set) var holdsCards: [Bool]
    /// The page's one element that says, in schema.org's microdata, that it is an article
    /// (`itemtype` Article, NewsArticle, BlogPosting…); nil when none does, or many do (cards).
    private var schemaArticle: Int?

    init(_ document: HTMLDocument) {
        self.document = document
        let nodes = document.nodes
        let count = nodes.count
        dead = Array(repeating: false, count: count)
        textLength = Array(repeating: 0, count: count)
        linkLength = Array(repeating: 0, count: count)
        commas = Array(repeating: 0, count: count)
        scored = Array(repeating: false, count: count)
        articles = Array(repeating: 0, count: count)
        repeated = Array(repeating: false, count: count)
        holdsCards = Array(repeating: false, count: count)
        var inLink = Array(repeating: false, count: count)
        var hasBlockChild = Array(repeating: false, count: count)
        // Siblings of one kind share their parent, tag and class's first word: a key for each.
        var kinds: [UInt64: Int] = [:], siblingKinds = [UInt64?](repeating: nil, count: count)
        kinds.reserveCapacity(count / 4)
        var typed: [Int] = []
        // The attributes read, by their names' indices: one pass over each element's attributes.
        let (hidden, style, ariaHidden, itemtype, classes) = (document.nameID("hidden"), document.nameID("style"), document.nameID("aria-hidden"),
                                                              document.nameID("itemtype"), document.nameID("class"))
        for index in 1..<count {
            let node = nodes[index], parent = node.parent
            dead[index] = dead[parent]
            inLink[index] = inLink[parent]
            guard node.kind == .element, let tag = node.tag else { continue }
            var isDead = tag.isSkipped
            for slot in document.attributeSlots(of: index) {
                if slot.name == hidden {
                    isDead = true
                } else if slot.name == style {
                    isDead = isDead || HTMLDocument.hides(style: document.bytes(of: slot))
                } else if slot.name == ariaHidden {
                    isDead = isDead || PageBytes.lowercased(document.bytes(of: slot)) == Self.true
                } else if slot.name == itemtype {
                    if Self.isArticleType(PageBytes.lowercased(document.bytes(of: slot))) { typed.append(index) }
                } else if slot.name == classes {
                    let word = document.bytes(of: slot).drop(while: PageBytes.isSpace).prefix(while: { !PageBytes.isSpace($0) })
                    if !word.isEmpty {
                        let key = FNV1a.hash(word) &* 31 &+ UInt64(parent) &* 0x9E37_79B9 &+ UInt64(node.name)
                        siblingKinds[index] = key
                        kinds[key, default: 0] += 1
                    }
                }
            }
            if isDead { dead[index] = true }
            if tag == .a { inLink[index] = true }
            if Self.isBlock(tag) { hasBlockChild[parent] = true }
        }
        for index in stride(from: count - 1, through: 1, by: -1) {
            let node = nodes[index]
            guard !dead[index] else { continue }
            if node.kind == .text {
                // Counted in the page's bytes: characters are their first bytes; spaces are
                // ASCII's and no-break ones (C2 A0); commas are the Latin, the fullwidth (EF BC
                // 8C), the ideographic (E3 80 81) and the Arabic (D8 8C).
                let text = document.textBytes(at: index)
                var length = 0, commaCount = 0, previous: UInt8 = 0, beforePrevious: UInt8 = 0
                for byte in text {
                    switch byte {
                    case 0x20, 0x09, 0x0A, 0x0C, 0x0D: break
                    case 0x80...0xBF:
                        if byte == 0xA0, previous == 0xC2 { length -= 1 }
                        if (byte == 0x8C && previous == 0xBC && beforePrevious == 0xEF) || (byte == 0x81 && previous == 0x80 && beforePrevious == 0xE3)
                            || (byte == 0x8C && previous == 0xD8) { commaCount += 1 }
                    case UInt8(ascii: ","): length += 1; commaCount += 1
                    default: length += 1
                    }
                    beforePrevious = previous
                    previous = byte
                }
                textLength[index] = length
                commas[index] = commaCount
                if inLink[index] { linkLength[index] = length }
            } else if let tag = node.tag {
                switch tag {
                case .p, .pre, .td: scored[index] = true
                case .div, .section, .article, .other, .blockquote: scored[index] = !hasBlockChild[index]
                default: break
                }
            }
            let parent = node.parent
            if node.tag == .article { articles[parent] += 1 }
            articles[parent] += articles[index]
            textLength[parent] += textLength[index]
            linkLength[parent] += linkLength[index]
            commas[parent] += commas[index]
        }
        schemaArticle = typed.count == 1 ? typed[0] : nil
        for index in 1..<count {
            if let kind = siblingKinds[index] { repeated[index] = kinds[kind, default: 0] >= 3 }
        }
        for index in 1..<count where articles[nodes[index].parent] >= 2 || repeated[index] { holdsCards[nodes[index].parent] = true }
        // Only the innermost of nested unblocked containers (a span in a div) scores.
        for index in 1..<count where scored[index] && nodes[index].tag == .other {
            if scored[nodes[index].parent] { scored[index] = false }
        }
        for index in 1..<count where nodes[index].kind == .text && !dead[index] {
            let parent = nodes[index].parent
            if !scored[parent], let tag = nodes[parent].tag, Self.isContainer(tag) { scored[index] = true }
        }
    }

    func isDead(_ index: Int) -> Bool { dead[index] }

    func ownLength(_ index: Int) -> Int { textLength[index] }

    func linkDensity(_ index: Int) -> Double {
        textLength[index] == 0 ? 0 : Double(linkLength[index]) / Double(textLength[index])
    }

    /// A candidate's score before its text is counted: by its kind, and its class and id.
    func initialScore(_ index: Int) -> Double {
        let base: Double = switch document.nodes[index].tag {
        case .div, .article, .main: 5
        case .pre, .td, .blockquote: 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: -5
        default: 0
        }
        return base + Double(classWeight(index))
    }

    /// +25 for words that say content (article, body, post…), −25 for words that say
    /// boilerplate (comment, share, related, sidebar…), both for class and for id; +25 for
    /// schema.org's `itemprop="articleBody"`.
    func classWeight(_ index: Int) -> Int {
        var weight = Self.weight(of: document.attributeBytes("class", of: index))
        if !repeated[index] { weight += Self.weight(of: document.attributeBytes("id", of: index)) }
        if let property = document.attributeBytes("itemprop", of: index), PageBytes.contains(Self.articleBody, in: PageBytes.lowercased(property)) { weight += 25 }
        if index == schemaArticle { weight += 25 }
        return weight
    }

    /// A class's or id's weight: −25 for boilerplate's words, +25 for content's (both can be).
    /// Read in bytes, ASCII letters in lower case, as every word looked for is ASCII.
    static func weight(of value: ArraySlice<UInt8>?) -> Int {
        guard let value, !value.isEmpty else { return 0 }
        let text = PageBytes.lowercased(value)
        var weight = 0
        if negative.found(in: text) || negativeWords.found(in: text) { weight -= 25 }
        if positive.found(in: text) { weight += 25 }
        return weight
    }

    /// Whether a microdata `itemtype` (in lower case) is schema.org's Article or one of its kinds.
    static func isArticleType(_ type: [UInt8]) -> Bool {
        PageBytes.contains(schemaOrg, in: type) && articleTypes.contains { type.count >= $0.count && type.suffix($0.count).elementsEqual($0) }
    }

    static let schemaOrg = Array("schema.org/".utf8)
    static let articleTypes = ["article", "blogposting", "report"].map { Array($0.utf8) }

    static let articleBody = Array("articlebody".utf8), `true` = Array("true".utf8)
    static let negative = PageBytes.Words(["comment", "share", "sharing", "social", "related", "sidebar", "footer", "footnote", "masthead", "promo",
                                           "sponsor", "newsletter", "subscribe", "subscription", "popup", "modal", "cookie", "consent", "banner",
                                           "breadcrumb", "outbrain", "taboola", "recommend", "widget", "advert", "signup", "sign-up", "paywall", "disqus",
                                           "skyscraper", "shoutbox", "toolbar", "pagination", "byline", "author-bio", "tags", "trending", "most-read",
                                           "mostread", "read-more", "readmore"])
    static let negativeWords = PageBytes.Words(["ad", "ads", "nav", "menu", "next", "prev", "pager", "hidden", "hid", "meta", "foot", "more", "extra", "caption",
                                                "credit", "print"], alone: true)
    static let positive = PageBytes.Words(["article", "body", "content", "entry", "main", "post", "text", "blog", "story", "hentry"])

    /// Elements whose own text runs are paragraphs.
    static func isContainer(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .div, .section, .article, .main, .td, .blockquote, .body, .center: true
        default: false
        }
    }

    static func isBlock(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .p, .div, .section, .article, .main, .table, .ul, .ol, .dl, .pre, .blockquote, .h1, .h2, .h3, .h4, .h5, .h6, .header, .footer,
             .nav, .aside, .figure, .form, .hr, .address, .li, .tr, .td: true
        default: false
        }
    }
}
