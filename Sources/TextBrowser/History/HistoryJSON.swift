import Foundation
import ListorKit

/// The history as JSON, the same for `listor browse history --format json` and the web API.
public enum HistoryJSON {
    public static func value(_ row: HostListViewModel.Row) -> JSONValue {
        .members([("name", .string(row.name)), ("address", .string(row.address)), ("lastTitle", .string(row.lastTitle)), ("visits", .number(Double(row.visits))),
                  ("pages", .number(Double(row.pages))), ("priority", .number(Double(row.priority))),
                  ("firstVisit", .date(row.host.firstVisit)), ("lastVisit", .date(row.lastVisit))])
    }

    public static func value(_ page: VisitedPage) -> JSONValue {
        .members([("url", .string(page.url.absoluteString)), ("title", page.title.map(JSONValue.string) ?? .null), ("visits", .number(Double(page.visitCount))),
                  ("firstVisit", .date(page.firstVisit)), ("lastVisit", .date(page.lastVisit))])
    }

    /// A page read as text: its title, where it was read from, its lines and its links, and its
    /// article (`ReadArticle.json`; null for what is not HTML).
    public static func value(_ page: PageViewModel, article: ReadArticle? = nil) -> JSONValue {
        let links = page.page.links.map { anchor -> JSONValue in
            var members: [(String, JSONValue)] = [("number", .number(Double(anchor.number))), ("text", .string(anchor.text))]
            members.append(("url", anchor.url.map { .string($0.absoluteString) } ?? .null))
            return .members(members)
        }
        return .members([("title", page.page.title.map(JSONValue.string) ?? .null), ("url", .string(page.url.absoluteString)),
                         ("status", .number(Double(page.resource.status))), ("charset", .string(page.charset.charset.name)),
                         ("size", .number(Double(page.resource.size))), ("redirects", .array(page.resource.redirects.map { .string($0.absoluteString) })),
                         ("lines", .array(page.lines.map(JSONValue.string))), ("links", .array(links)), ("article", article?.json ?? .null)])
    }
}
