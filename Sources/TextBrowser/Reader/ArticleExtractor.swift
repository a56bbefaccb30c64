/// Finds a page's article, as reader views do: every block of text scores its ancestors by how
/// much prose it holds (its length and commas), each candidate's score is weighed by its kind,
/// by the words of its class and id, and by how much of its text is links; the best candidate is
/// the article, with those of its siblings that read as part of it. Inside, what reads as
/// boilerplate (navigation, share bars, comments, related lists, captions) is left out, and so
/// is text the page hides.
///
/// The published algorithms of Readability and its kin were read to learn from; this is written
/// for the browser's own tree (`HTMLDocument`), in passes over its node array without recursion.
public struct ArticleExtractor: Sendable {
    /// The article: the element to show from, and the elements inside it to leave out.
    public struct Article: Sendable, Hashable {
        public var root: Int
        public var excluded: Set<Int>
    }

    /// The least text an article has: below it, a page is not an article (a front page of links).
    public var minimumLength = 250

    public init() {}

    public func article(in document: HTMLDocument) -> Article? {
        let facts = ArticleFacts(document)
        var scores: [Int: Double] = [:]
        let nodes = document.nodes
        for index in nodes.indices where facts.scored[index] {
            let length = facts.ownLength(index)
            guard length >= 25 else { continue }
            let points = 1 + Double(facts.commas[index]) + min(Double(length) / 100, 3)
            var ancestor = nodes[index].parent, level = 0
            while ancestor > 0, level < 5 {
                if scores[ancestor] == nil { scores[ancestor] = facts.initialScore(ancestor) }
                scores[ancestor, default: 0] += points / (level == 0 ? 1 : level == 1 ? 2 : Double(level) * 3)
                ancestor = nodes[ancestor].parent
                level += 1
            }
        }
        var best: (index: Int, score: Double)?
        for (index, score) in scores {
            // A list of cards (several `article` elements) is not the article.
            let weighed = score * (1 - facts.linkDensity(index)) * (facts.articles[index] >= 2 ? 0.2 : 1)
            scores[index] = weighed
            if best == nil || weighed > best!.score || (weighed == best!.score && index < best!.index) { best = (index, weighed) }
        }
        guard var top = best else { return nil }
        // A parent that holds the top candidate and scores nearly as well is the article, its
        // other children being more of it (paragraphs split into several containers).
        while case let parent = nodes[top.index].parent, parent > 0, let score = scores[parent], score >= top.score * 0.9,
              facts.textLength[parent] < facts.textLength[top.index] * 2 {
            top = (parent, score)
        }
        guard facts.textLength[top.index] >= minimumLength else { return nil }
        let document = facts.document
        // An article in parts (chunks, sections of one class): the other parts are candidates
        // that score nearly as well, or share the top one's class; the article is the nearest
        // element holding them all.
        let topClass = document.attribute("class", of: top.index) ?? ""
        let parts = scores.filter { index, score in
            index != top.index && !document.contains(index, top.index) && !document.contains(top.index, index)
                && (score >= top.score * 0.75 || (!topClass.isEmpty && score >= top.score * 0.2 && document.attribute("class", of: index) == topClass))
        }.map(\.key)
        var root = nodes[top.index].parent
        if !parts.isEmpty {
            while root > 1, !parts.allSatisfy({ document.contains(root, $0) }) { root = nodes[root].parent }
        }
        guard root > 1 else { return Article(root: top.index, excluded: boilerplate(in: top.index, facts: facts)) }
        return article(from: root, keeping: [top.index] + parts, top: top.score, scores: scores, facts: facts)
    }

    /// The article from `root`: its children that hold the parts found (`keeping`), and those
    /// that read as more of it (scoring well, or prose with few links); the other children left
    /// out, as is the boilerplate inside.
    func article(from root: Int, keeping parts: [Int], top: Double, scores: [Int: Double], facts: ArticleFacts) -> Article {
        let document = facts.document
        var holding: Set<Int> = []
        for part in parts {
            var node = part
            while document.nodes[node].parent != root, node > 0 { node = document.nodes[node].parent }
            holding.insert(node)
        }
        let threshold = max(10, top * 0.2)
        var excluded: Set<Int> = []
        for child in document.children(of: root) where document.nodes[child].kind == .element {
            let length = facts.textLength[child], density = facts.linkDensity(child)
            // A list of cards beside the article (related posts) is not more of it.
            var keep = holding.contains(child) || ((scores[child] ?? -.infinity) >= threshold && !facts.holdsCards[child])
            if !keep, document.nodes[child].tag == .p || facts.scored[child], facts.classWeight(child) >= 0 {
                let text = length > 0 && length < 80 ? document.text(of: child) : ""
                keep = (length >= 80 && density < 0.25) || (length > 0 && length < 80 && density == 0 && text.contains(/\.( |$)/))
            }
            if keep { excluded.formUnion(boilerplate(in: child, facts: facts)) } else { excluded.insert(child) }
        }
        return Article(root: root, excluded: excluded)
    }

    /// The elements under `root` to leave out: hidden ones, navigation and forms, and blocks
    /// whose words say boilerplate or whose text is mostly links.
    func boilerplate(in root: Int, facts: ArticleFacts) -> Set<Int> {
        let document = facts.document
        var excluded: Set<Int> = []
        var stack = Array(document.children(of: root))
        let rootLength = max(facts.textLength[root], 1)
        while let index = stack.popLast() {
            let node = document.nodes[index]
            guard node.kind == .element, let tag = node.tag else { continue }
            if facts.isDead(index) { excluded.insert(index); continue }
            let length = facts.textLength[index]
            var drop = false
            switch tag {
            case .nav, .aside, .footer, .form, .button, .select, .textarea, .input, .figure, .figcaption, .menu, .search, .img, .hr:
                drop = true
            case .div, .section, .ul, .ol, .table, .header, .other, .dl, .p, .center:
                let weight = facts.classWeight(index)
                if weight < 0, length < rootLength / 2 { drop = true }
                // Link lists: "related", "more from", tags; a link inside prose is not one.
                else if length > 0, facts.linkDensity(index) > 0.5, tag != .p, tag != .other { drop = true }
            case .h1:
                // The headline is the page's title, shown above the article.
                drop = true
            default:
                break
            }
            if drop { excluded.insert(index) } else { stack.append(contentsOf: document.children(of: index)) }
        }
        return excluded
    }
}
