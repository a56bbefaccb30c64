import Foundation
import Hummingbird
import ListorKit
import TextBrowser

/// VessBrowser's JSON API under `/browser/api`: the hosts, a host's pages, and a page read as
/// text (title, final URL, lines, links). Errors are answered as JSON by `ErrorMiddleware`.
struct BrowserAPI: Sendable {
    let pages: BrowserPages

    func addRoutes(to router: RouteTable) {
        router.get("/browser/api/hosts") { request, _ in
            let parameters = BrowserPages.parameters(request)
            let orderText = parameters["order"] ?? HostListViewModel.Order.priority.rawValue
            guard let order = HostListViewModel.Order(rawValue: orderText) else {
                throw FieldErrors([FieldError(field: "order", message: "\"\(orderText.prefix(40))\" is not one of \(HostListViewModel.Order.allCases.map(\.rawValue).joined(separator: ", "))")])
            }
            var list = try await HostListViewModel.load(from: pages.hosts, store: pages.store)
            list.sort(by: order)
            try await list.searchHistory(parameters["search"] ?? "")
            return Response.json(JSONValue.array(list.rows.map(HistoryJSON.value)).serialized(pretty: false))
        }
        router.get("/browser/api/hosts/:address/pages") { _, context in
            let host = try await pages.hostPages(context)
            return Response.json(JSONValue.array(host.pages.map(HistoryJSON.value)).serialized(pretty: false))
        }
        router.get("/browser/api/read") { request, context in
            guard let address = BrowserPages.parameters(request)["url"] else {
                throw FieldErrors([FieldError(field: "url", message: "missing: give the http or https address of the page to read")])
            }
            let origin = ReadOrigin(request)
            guard origin != .embeddedElsewhere else { throw ReadOrigin.refusal() }
            let url = try ReaderViewModel.webAddress(address)
            let read = try await pages.withReadSlot(for: context.clientAddress) { try await pages.reader.readText(url, recording: origin == .visitor) }
            return Response.json(HistoryJSON.value(read.page, article: read.article).serialized(pretty: false))
        }
    }
}
