/// What `ArticleExtractor` weighs, for every node of a page at once: whether the page hides it,
/// how much text it holds and how much of that is links, its commas, and whether it is a block
/// of text that scores its ancestors. Worked out in two passes over the node array: parents
/// come before their children in it, so a forward pass hands down what is hidden and a
/// backward one adds up what is inside.
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
        for index in 1..<count {
            let node = nodes[index], parent = node.parent
            dead[index] = dead[parent]
            inLink[index] = inLink[parent]
            guard node.kind == .element, let tag = node.tag else { continue }
            if tag.isSkipped || document.isHidden(index) || document.attribute("aria-hidden", of: index)?.lowercased() == "true" { dead[index] = true }
            if tag == .a { inLink[index] = true }
            if Self.isBlock(tag) { hasBlockChild[parent] = true }
        }
        for index in stride(from: count - 1, through: 1, by: -1) {
            let node = nodes[index]
            guard !dead[index] else { continue }
            if node.kind == .text, let text = document.text(at: index) {
                var length = 0, commaCount = 0
                for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
                    length += 1
                    if scalar == "," || scalar == "，" || scalar == "、" || scalar == "،" { commaCount += 1 }
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
        let typed = (1..<count).filter { nodes[$0].kind == .element && Self.isArticleType(document.attribute("itemtype", of: $0)) }
        schemaArticle = typed.count == 1 ? typed[0] : nil
        var kinds: [SiblingKind: Int] = [:]
        for index in 1..<count where nodes[index].kind == .element {
            if let kind = SiblingKind(document, index) { kinds[kind, default: 0] += 1 }
        }
        for index in 1..<count where nodes[index].kind == .element {
            if let kind = SiblingKind(document, index) { repeated[index] = kinds[kind, default: 0] >= 3 }
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
        var weight = 0
        for name in repeated[index] ? ["class"] : ["class", "id"] {
            guard let value = document.attribute(name, of: index)?.lowercased(), !value.isEmpty else { continue }
            let words = value.split { !($0.isLetter || $0.isNumber) }
            if Self.negative.contains(where: { value.contains($0) }) || words.contains(where: { Self.negativeWords.contains(String($0)) }) { weight -= 25 }
            if Self.positive.contains(where: { value.contains($0) }) { weight += 25 }
        }
        if document.attribute("itemprop", of: index)?.lowercased().contains("articlebody") == true { weight += 25 }
        if index == schemaArticle { weight += 25 }
        return weight
    }

    static func isArticleType(_ type: String?) -> Bool {
        guard let type = type?.lowercased(), type.contains("schema.org/") else { return false }
        return type.hasSuffix("article") || type.hasSuffix("blogposting") || type.hasSuffix("report")
    }

    static let negative = ["comment", "share", "sharing", "social", "related", "sidebar", "footer", "footnote", "masthead", "promo", "sponsor",
                           "newsletter", "subscribe", "subscription", "popup", "modal", "cookie", "consent", "banner", "breadcrumb", "outbrain",
                           "taboola", "recommend", "widget", "advert", "signup", "sign-up", "paywall", "disqus", "skyscraper", "shoutbox", "toolbar",
                           "pagination", "byline", "author-bio", "tags", "trending", "most-read", "mostread", "read-more", "readmore"]
    static let negativeWords: Set<String> = ["ad", "ads", "nav", "menu", "next", "prev", "pager", "hidden", "hid", "meta", "foot", "more", "extra", "caption", "credit", "print"]
    static let positive = ["article", "body", "content", "entry", "main", "post", "text", "blog", "story", "hentry"]

    /// What siblings of one kind share: their parent, their tag and their class's first word.
    private struct SiblingKind: Hashable {
        var parent: Int
        var tag: HTMLTag?
        var word: Substring

        init?(_ document: HTMLDocument, _ index: Int) {
            guard let word = document.attribute("class", of: index)?.split(whereSeparator: \.isWhitespace).first else { return nil }
            parent = document.nodes[index].parent
            tag = document.nodes[index].tag
            self.word = word
        }
    }

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
