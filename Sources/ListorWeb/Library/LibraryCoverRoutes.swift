import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit
import Logging

/// Covers and their colours for the pages: `/library/covers/{id}` (the grid's and the book
/// page's size), `/library/covers/{id}/small@2x` and the other sizes, and
/// `/library/books/{id}/colors.css`, the book page's header in its cover's colours (a
/// stylesheet, as the pages allow no inline style).
///
/// Addresses carry the book's version (`?v=3`), which a new cover changes; a response to the
/// current version may be kept by the browser for a day, and is revalidated by its ETag.
struct LibraryCoverRoutes: Sendable {
    let covers: BookCovers

    func addRoutes(to router: RouteTable) {
        let covers = covers
        router.get("/library/covers/:id") { request, context in
            try await Self.cover(request, context, .medium, covers)
        }
        router.get("/library/covers/:id/:size") { request, context in
            let name = try context.parameters.require("size")
            guard let rendition = CoverRendition(name: name) else {
                let sizes = CoverRendition.Size.allCases.flatMap { [$0.rawValue, $0.rawValue + "@2x"] }.joined(separator: ", ")
                throw WebError(.notFound, message: "\"\(name.prefix(40))\" is no size of a cover; the sizes are \(sizes)")
            }
            return try await Self.cover(request, context, rendition, covers)
        }
        router.get("/library/books/:id/colors.css") { request, context in
            let book = try await covers.book(try LibraryPages.id(context))
            let colors = try await covers.colors(of: book)
            let css = """
                .cover-colors{--cover-background:\(colors.background.hex);--cover-primary:\(colors.primary.hex);\
                --cover-secondary:\(colors.secondary.hex);--cover-detail:\(colors.detail.hex)}

                """
            return Self.cached(Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: css))),
                               request: request, book: book, tag: "colors")
        }
    }

    private static func cover(_ request: Request, _ context: WebRequestContext, _ rendition: CoverRendition, _ covers: BookCovers) async throws -> Response {
        let book = try await covers.book(try LibraryPages.id(context))
        let picture = try await covers.picture(of: book, rendition)
        var response = Response(status: .ok, headers: [.contentType: picture.mediaType], body: .init(byteBuffer: ByteBuffer(bytes: picture.bytes)))
        if case .failed(let reason) = picture.source {
            // The failure picture, so that the page shows a frame with a cross rather than a
            // broken image; not kept, so the next request asks the service again.
            context.logger.warning("cannot get the cover of book \(book.id): \(reason)")
            response.status = .badGateway
            response.headers[.cacheControl] = "no-store"
            return response
        }
        return cached(response, request: request, book: book, tag: rendition.name)
    }

    /// `response` with its ETag (a 304 when the browser has it comes from `ConditionalGetMiddleware`),
    /// kept a day by the browser when asked for by the book's current address, revalidated otherwise.
    private static func cached(_ response: Response, request: Request, book: Book, tag: String) -> Response {
        let isCurrent = QueryPairs.parameters(of: request)["v"] == "\(book.version)"
        var response = response
        response.headers[.eTag] = "\"\(book.version)-\(tag)\""
        response.headers[.cacheControl] = isCurrent ? "public, max-age=86400" : "no-cache"
        return response
    }
}
