import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit
import Tagged

/// The library API's patrons, holds and renewals, under the same prefix as the books:
///
/// - `POST /patrons` (201 with the patron), `GET /patrons?search=&card=&page=&per_page=`,
///   `GET|PUT|DELETE /patrons/{id}` (`If-Match` on `PUT`), `POST /patrons/{id}/merge` (`{"from": id}`),
///   `GET /patrons/{id}/loans`, `GET /patrons/{id}/holds`; with an admin token, every one of
///   them needs it, reads too, as the records hold email addresses and phone numbers. So does
///   `GET /reminders?state=&page=&per_page=`, the reminders' outbox.
/// - `POST /books/{id}/holds` (`{"patron": id}` or `{"card": …}`; 201 with the hold and its
///   `place`), `GET /books/{id}/holds` (the queue in order), `DELETE /books/{id}/holds/{hold}`,
///   `POST /books/{id}/renew`: lending, which `--library-open-lending` leaves open.
///
/// The checkout to a patron (`PUT /books/{id}` with `patron` or `card`) and the check-in that
/// names who the book is set aside for are `LibraryAPI`'s, beside the original clients' ones.
struct LibraryCirculationAPI: Sendable {
    let library: any LibraryService
    let prefix: String
    let access: LibraryAccess
    let maximumBodySize: Int

    private var desk: CirculationDesk { CirculationDesk(library: library) }

    func addRoutes(to router: RouteTable) {
        let api = router.group(RouterPath(prefix))
        let (lending, patrons) = (access.routes(api, for: .lending), access.routes(api, for: .patrons))
        patrons.post("patrons", use: addPatron)
        patrons.get("patrons", use: listPatrons)
        patrons.get("patrons/:patron") { request, context in patronResponse(try await library.patron(id: try Self.patronID(context))) }
        patrons.put("patrons/:patron", use: editPatron)
        patrons.post("patrons/:patron/merge", use: mergePatron)
        patrons.delete("patrons/:patron") { _, context in
            try await desk.deletePatron(id: try Self.patronID(context))
            return Response(status: .noContent)
        }
        patrons.get("export/patrons.csv") { request, context in LibraryAPI.csv(try await library.exportPatrons(), name: "patrons.csv") }
        patrons.post("import/patrons", use: importPatrons)
        patrons.get("patrons/:patron/loans", use: patronLoans)
        patrons.get("reminders", use: reminders)
        patrons.get("patrons/:patron/holds") { request, context in list(try await library.holds(of: try Self.patronID(context)).map { CirculationJSON.value($0) }) }
        lending.post("books/:id/holds", use: placeHold)
        api.get("books/:id/holds", use: queue)
        api.get("books/:id/holds/:hold", use: hold)
        lending.delete("books/:id/holds/:hold", use: cancelHold)
        lending.post("books/:id/renew", use: renew)
    }

    @Sendable private func addPatron(_ request: Request, context: WebRequestContext) async throws -> Response {
        let patron = try await desk.addPatron(try await RequestBody.decode(PatronForm.self, from: request, limit: maximumBodySize))
        var response = patronResponse(patron, status: .created)
        response.headers[.location] = prefix + "/patrons/\(patron.id)"
        return response
    }

    @Sendable private func listPatrons(_ request: Request, context: WebRequestContext) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        var reader = ParameterReader { parameters[$0] }
        let page = reader.count("page", 1...100_000) ?? 1
        let perPage = reader.count("per_page", 1...500) ?? 50
        if !reader.errors.isEmpty { throw FieldErrors(reader.errors) }
        if let card = parameters["card"] {
            do { return list([CirculationJSON.value(try await library.patron(card: card))]) } catch LibraryError.cardNotFound { return list([]) }
        }
        return list(try await library.patrons(search: parameters["search"] ?? "", page: page, perPage: perPage).map(CirculationJSON.value))
    }

    @Sendable private func editPatron(_ request: Request, context: WebRequestContext) async throws -> Response {
        let id = try Self.patronID(context)
        let form = try await RequestBody.decode(PatronForm.self, from: request, limit: maximumBodySize)
        let current = try await library.patron(id: id)
        let version = try Self.ifMatch(request, current: current.version, id: id)
        return patronResponse(try await desk.editPatron(id: id, form.changing(current), ifVersion: version ?? current.version))
    }

    @Sendable private func mergePatron(_ request: Request, context: WebRequestContext) async throws -> Response {
        let body = try await RequestBody.decode(MergeBody.self, from: request, limit: 4096)
        return patronResponse(try await desk.mergePatrons(keep: try Self.patronID(context), merge: try body.patron()))
    }

    @Sendable private func importPatrons(_ request: Request, context: WebRequestContext) async throws -> Response {
        let buffer = try await RequestBody.collect(request, limit: maximumBodySize)
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else { throw WebError(.badRequest, message: "the CSV is not UTF-8 text") }
        return LibraryAPI.report(try await library.importPatrons(text))
    }

    @Sendable private func patronLoans(_ request: Request, context: WebRequestContext) async throws -> Response {
        let id = try Self.patronID(context)
        _ = try await library.patron(id: id)
        return list(try await library.loans(.patron(id)).items.map(BookJSON.value))
    }

    @Sendable private func reminders(_ request: Request, context: WebRequestContext) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        var reader = ParameterReader { parameters[$0] }
        let page = reader.count("page", 1...100_000) ?? 1
        let perPage = reader.count("per_page", 1...500) ?? 50
        let state = reader.choice("state", OutboxMessage.State.self)
        if !reader.errors.isEmpty { throw FieldErrors(reader.errors) }
        var response = Response.json(ReminderJSON.value(try await library.reminders(state, page: page, perPage: perPage)).serialized(pretty: false))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable private func placeHold(_ request: Request, context: WebRequestContext) async throws -> Response {
        let id = try LibraryPages.id(context)
        let body = try await RequestBody.decode(HoldBody.self, from: request, limit: 4096)
        let outcome = try await desk.placeHold(on: id, for: try body.reference())
        guard let hold = outcome.placed else { throw WebError(.internalServerError, message: "the library did not say which hold it placed") }
        var response = Response.json(CirculationJSON.value(hold, place: outcome.place(of: hold.id), audience: try access.audience(of: request, context)).serialized(pretty: false),
                                     status: .created)
        response.headers[.location] = prefix + "/books/\(id)/holds/\(hold.id)"
        return response
    }

    // The queue: its places and states for anyone, whose each hold is for the staff alone.
    @Sendable private func queue(_ request: Request, context: WebRequestContext) async throws -> Response {
        let audience = try access.audience(of: request, context)
        return list(try await library.queue(of: try LibraryPages.id(context)).enumerated().map {
            CirculationJSON.value($0.element, place: $0.offset + 1, audience: audience)
        })
    }

    @Sendable private func hold(_ request: Request, context: WebRequestContext) async throws -> Response {
        let (id, hold) = (try LibraryPages.id(context), try Self.holdID(context))
        let queue = try await library.queue(of: id)
        guard let index = queue.firstIndex(where: { $0.id == hold }) else { throw LibraryError.holdNotFound(id: hold, book: id) }
        return Response.json(CirculationJSON.value(queue[index], place: index + 1, audience: try access.audience(of: request, context)).serialized(pretty: false))
    }

    // Cancelling a hold is the staff's, or its own patron's, who names their card: nobody
    // cancels another patron's hold.
    @Sendable private func cancelHold(_ request: Request, context: WebRequestContext) async throws -> Response {
        let (id, hold) = (try LibraryPages.id(context), try Self.holdID(context))
        if try access.audience(of: request, context) == .visitors {
            _ = try await desk.cancelOwnHold(hold, on: id, card: QueryPairs.parameters(of: request)["card"])
        } else {
            _ = try await desk.cancelHold(hold, on: id)
        }
        return Response(status: .noContent)
    }

    @Sendable private func renew(_ request: Request, context: WebRequestContext) async throws -> Response {
        let book = try await desk.renew(book: try LibraryPages.id(context)).book
        var response = Response.json(BookJSON.value(book, audience: try access.audience(of: request, context)).serialized(pretty: false))
        response.headers[.eTag] = "\"\(book.version)\""
        return response
    }

    private func patronResponse(_ patron: Patron, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response.json(CirculationJSON.value(patron).serialized(pretty: false), status: status)
        response.headers[.eTag] = "\"\(patron.version)\""
        return response
    }

    private func list(_ values: [JSONValue]) -> Response {
        var response = Response.json(JSONValue.array(values).serialized(pretty: false))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    static func holdID(_ context: WebRequestContext) throws -> Hold.ID {
        guard let id = Int64(try context.parameters.require("hold")), id > 0 else { throw LibraryError.holdNotFound(id: 0, book: try LibraryPages.id(context)) }
        return Hold.ID(rawValue: id)
    }

    static func patronID(_ context: WebRequestContext) throws -> Patron.ID {
        let text = try context.parameters.require("patron")
        guard let id = Int64(text), id > 0 else { throw LibraryError.patronNotFound(id: 0) }
        return Patron.ID(rawValue: id)
    }

    /// The version an `If-Match` names: nil without one or with `*`; a tag of another version is refused.
    static func ifMatch(_ request: Request, current: Int, id: Patron.ID) throws -> Int? {
        guard let value = request.headers[.ifMatch] else { return nil }
        guard let tags = EntityTags(value) else {
            throw WebError(.badRequest, message: "If-Match: \(value.prefix(60)) is not an ETag or a list of them, such as \"3\"")
        }
        guard !tags.isAny else { return nil }
        guard tags.tags.contains(where: { Int($0.opaque) == current }) else { throw LibraryError.patronChanged(id: id, current: current) }
        return current
    }
}
