import Foundation
import Hummingbird
import ListorKit
import Stella

/// Stella on the web: the catalogue API its products provider talks to, and the products' pictures.
public struct StellaWebModule: WebModule {
    private let catalogue: Catalogue

    public init(catalogue: Catalogue = .bundled) {
        self.catalogue = catalogue
    }

    /// No tile until the store has pages of its own.
    public var tile: AppTile? { nil }

    public func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) throws {
        router.get("/stella/api/departments") { _, _ in
            Response.json(JSONValue.array(Departments.all.map { .members([("id", .string($0.id)), ("name", .string($0.name))]) }).serialized(pretty: false))
        }
        router.get("/stella/api/departments/:id/products") { request, context in
            let department = try context.parameters.require("id")
            let parameters = request.uri.queryParameters
            let (query, errors) = CatalogueQuery.parse { parameters.get($0) }
            if !errors.isEmpty {
                throw HTTPError(.badRequest, message: errors.map(\.description).joined(separator: "; "))
            }
            do {
                return Response.json(StellaJSON.value(try catalogue.page(department: department, query)).serialized(pretty: false))
            } catch {
                throw HTTPError(.notFound, message: "\(error)")
            }
        }
        router.get("/stella/api/products/:code") { _, context in
            let code = try context.parameters.require("code")
            do { return Response.json(StellaJSON.value(try catalogue.product(code: code)).serialized(pretty: false)) } catch {
                throw HTTPError(.notFound, message: "\(error)")
            }
        }
        // "/stella/images/ST100000/2-large.svg": picture 2 of the product, drawn on request.
        router.get("/stella/images/:code/:file") { _, context in
            let code = try context.parameters.require("code")
            let file = try context.parameters.require("file")
            guard let product = try? catalogue.product(code: code), let (index, large) = Self.picture(file), index <= product.images.count else {
                throw HTTPError(.notFound, message: "there is no picture \(file.prefix(40)) of \(code.prefix(20))")
            }
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                            body: .init(byteBuffer: ByteBuffer(string: ProductArtwork.svg(product, index: index, large: large))))
        }
    }

    /// "2-large.svg" → (2, true); "1-thumb.svg" → (1, false).
    static func picture(_ file: String) -> (Int, Bool)? {
        guard file.hasSuffix(".svg") else { return nil }
        let parts = file.dropLast(4).split(separator: "-")
        guard parts.count == 2, let index = Int(parts[0]), index >= 1, ["thumb", "large"].contains(parts[1]) else { return nil }
        return (index, parts[1] == "large")
    }
}
