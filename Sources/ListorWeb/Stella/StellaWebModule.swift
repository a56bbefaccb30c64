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

    public var tile: AppTile? {
        AppTile(name: "Stella", summary: "A fashion store: departments, products with sizes, colours and sale prices.", path: "/stella")
    }

    public func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) throws {
        let catalogue = self.catalogue
        router.get("/stella") { _, _ in
            try templates.html(DepartmentsPage(.departments(Departments.all)), as: "stella/departments")
        }
        router.get("/stella/:department") { request, context in
            let id = try context.parameters.require("department")
            guard let department = Departments.department(id: id) else {
                throw PageError(status: .notFound, title: "No such department", message: "Stella has no department \"\(id.prefix(40))\".",
                                suggestions: Departments.all.map { .init(label: $0.name, href: "/stella/\($0.id)") })
            }
            let parameters = request.uri.queryParameters
            var input: [String: String] = [:]
            for name in ["page", "per_page", "sort", "size", "colour", "min_price", "max_price"] { input[name] = parameters.get(name) }
            let (query, errors) = CatalogueQuery.parse { input[$0] }
            let result = try catalogue.page(department: id, query)
            let facets = CatalogueFacets(products: catalogue.products.filter { $0.departmentID == id })
            let page = try ProductsPage(department: department, page: result, query: query, input: input, errors: errors, facets: facets, templates: templates)
            return try templates.html(page, as: "stella/products")
        }
        router.get("/stella/products/:code") { _, context in
            let code = try context.parameters.require("code")
            guard let product = try? catalogue.product(code: code) else {
                throw PageError(status: .notFound, title: "No such product", message: "Stella has no product \"\(code.prefix(40))\".",
                                suggestions: [.init(label: "Departments", href: "/stella")])
            }
            return try templates.html(ProductPageView(ProductDetailViewModel(product: product)), as: "stella/product")
        }
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
