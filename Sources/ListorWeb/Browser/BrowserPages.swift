import Foundation
import HTTPTypes
import Hummingbird
import TextBrowser

/// VessBrowser's pages under `/browser`, as the seed's screens: the hosts visited, a host's
/// pages, and a page, read here by the server through the text browser's core and shown
/// simplified. Forgetting and reordering are POST forms with the CSRF token, which redirect
/// (POST-redirect-GET).
///
/// What the visitor does happens in the core's view models; the routes only call them and show
/// the outcome.
struct BrowserPages: Sendable {
    let store: any HistoryStore
    let hosts: any HostAccessor
    let pages: any PageAccessor
    let reader: ReaderViewModel
    let slots: ClientShares
    let formKey: FormKey
    let maximumBodySize: Int

    func addRoutes(to router: RouteTable, templates: Templates) {
        router.get("/browser") { request, _ in
            let session = pageSession(request)
            let parameters = Self.parameters(request)
            var list = try await HostListViewModel.load(from: hosts, store: store)
            list.sort(by: HostListViewModel.Order(rawValue: parameters["order"] ?? "") ?? .priority)
            try await list.searchHistory(parameters["search"] ?? "")
            let page = try HostListPage(list, notice: Self.notice(parameters["notice"]), csrf: session.token, timeZone: session.timeZone, templates: templates)
            return session.page(try templates.html(page, as: .browserHosts))
        }
        router.get("/browser/hosts/:address") { request, context in
            let session = pageSession(request)
            let parameters = Self.parameters(request)
            var host = try await hostPages(context)
            host.search(parameters["search"] ?? "")
            let page = HostPagesPage(host, notice: Self.notice(parameters["notice"]), csrf: session.token, timeZone: session.timeZone)
            return session.page(try templates.html(page, as: .browserHost))
        }
        router.post("/browser/hosts/:address/priority") { request, context in
            let fields = try await pageSession(request).checkedForm(BrowserPageForm.self, from: request, limit: maximumBodySize)
            let address = try Self.address(context)
            let list = try await HostListViewModel.load(from: hosts, store: store)
            let moved: Bool
            switch fields.direction {
            case "up": moved = try await list.moveUp(address)
            case "down": moved = try await list.moveDown(address)
            default: throw WebError(.badRequest, title: "Form damaged", message: "A host moves up or down, not \"\((fields.direction ?? "").prefix(20))\".")
            }
            guard moved else { throw Self.unknownHost(address) }
            return Self.redirect("/browser?notice=moved")
        }
        router.post("/browser/hosts/:address/forget") { request, context in
            _ = try await pageSession(request).checkedForm(BrowserPageForm.self, from: request, limit: maximumBodySize)
            let address = try Self.address(context)
            let list = try await HostListViewModel.load(from: hosts, store: store)
            guard try await list.forget(address) else { throw Self.unknownHost(address) }
            return Self.redirect("/browser?notice=forgotten")
        }
        router.post("/browser/hosts/:address/pages/forget") { request, context in
            let fields = try await pageSession(request).checkedForm(BrowserPageForm.self, from: request, limit: maximumBodySize)
            let host = try await hostPages(context)
            guard let page = host.pages.first(where: { $0.url.absoluteString == fields.url }) else {
                throw WebError(.notFound, title: "No such page", message: "The history of \(host.host.address) has no page \(fields.url?.prefix(200) ?? "").",
                               suggestions: [WebError.Link(label: host.host.name, href: "/browser/hosts/" + Self.pathSegment(host.host.address))])
            }
            _ = try await host.forget(page)
            // The host goes with its last page.
            let remaining = host.pages.count - 1
            return Self.redirect(remaining > 0 ? "/browser/hosts/\(Self.pathSegment(host.host.address))?notice=forgotten" : "/browser?notice=forgotten")
        }
        router.get("/browser/read") { request, context in
            try await read(request, client: context.clientAddress, templates: templates)
        }
    }

    // MARK: - Reading

    /// The address bar (`address`), a GET form of a read page (`url` and `form=get` with the
    /// `f.` fields) and a link (`url`). The first two redirect to the page's own `?url=`, so that
    /// the address carries the target and back and forward work.
    private func read(_ request: Request, client: String, templates: Templates) async throws -> Response {
        guard let pairs = QueryPairs.decode(request.uri.query) else {
            throw WebError(.badRequest, message: "The address of this page has a broken percent escape; go back and try again.")
        }
        let value = { (name: String) in pairs.first { $0.name == name }?.value }
        if let typed = value("address") {
            return Self.redirect(Self.readPath(try reader.destination(for: typed)))
        }
        guard let address = value("url") else { return Self.redirect("/browser") }
        if value("form") == "get" {
            let fields = pairs.filter { $0.name.hasPrefix(ReaderHTML.fieldPrefix) }.map { (name: String($0.name.dropFirst(ReaderHTML.fieldPrefix.count)), value: $0.value) }
            return Self.redirect(Self.readPath(try reader.formDestination(action: address, fields: fields)))
        }
        let origin = ReadOrigin(request)
        guard origin != .embeddedElsewhere else { throw ReadOrigin.refusal() }
        do {
            let url = try ReaderViewModel.webAddress(address)
            let reading = try await withReadSlot(for: client) { try await reader.read(url, recording: origin == .visitor) }
            var response = try templates.html(ReadPage(reading), as: .browserRead)
            response.headers[.cacheControl] = "no-store"
            return response
        } catch let error as BrowserError {
            let failure = WebError(error, path: request.uri.path)
            return try templates.html(ReadPage(address: address, problem: failure.message), as: .browserRead, status: failure.status)
        }
    }

    static func readPath(_ url: URL) -> String {
        ReaderHTML.readerLink(url)
    }

    /// `body`, run in one of `client`'s read slots; 503 with `Retry-After` when there is none.
    func withReadSlot<T: Sendable>(for client: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await slots.withOne(for: client, body)
        } catch let refusal as ClientShares.Refusal {
            var error = switch refusal {
            case .full:
                WebError(.serviceUnavailable, title: "The reader is busy",
                         message: "This server is reading \(slots.limit) pages at once, as many as it reads; try again in a moment.",
                         apiMessage: "the reader is reading \(slots.limit) pages at once, as many as it reads; try again in a moment")
            case .clientsShare:
                WebError(.serviceUnavailable, title: "The reader is busy",
                         message: "You are having \(slots.share) pages read at once already, as many as one visitor may; try again once one has come.",
                         apiMessage: "this client has \(slots.share) pages being read already, as many as one client may; try again once one has come")
            }
            error.headers[.retryAfter] = "5"
            throw error
        }
    }

    // MARK: - Helpers

    private func pageSession(_ request: Request) -> PageSession {
        PageSession(request, formKey: formKey, cookiePath: "/browser")
    }

    func hostPages(_ context: WebRequestContext) async throws -> HostPagesViewModel {
        let address = try Self.address(context)
        guard let host = try await hosts.all().first(where: { $0.address == address }) else { throw Self.unknownHost(address) }
        return try await HostPagesViewModel.load(host, from: pages, store: store)
    }

    static func address(_ context: WebRequestContext) throws -> String {
        let raw = try context.parameters.require("address")
        return (raw.removingPercentEncoding ?? raw).lowercased()
    }

    static func unknownHost(_ address: String) -> WebError {
        WebError(.notFound, title: "No such host", message: "The history has no host \"\(address.prefix(100))\". It may have been forgotten.",
                 apiMessage: "the history has no host \"\(address.prefix(100))\"", suggestions: [WebError.Link(label: "All hosts", href: "/browser")])
    }

    /// A host's address as one path segment.
    static func pathSegment(_ address: String) -> String {
        String(URLQuery.encode([("", address)]).dropFirst())
    }

    static func parameters(_ request: Request) -> [String: String] {
        QueryPairs.parameters(of: request)
    }

    static func notice(_ key: String?) -> String? {
        switch key {
        case "moved": "Moved."
        case "forgotten": "Forgotten."
        default: nil
        }
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
