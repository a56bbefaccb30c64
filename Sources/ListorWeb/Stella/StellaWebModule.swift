import Foundation
import Hummingbird
import ListorKit
import Logging
import Stella

/// Stella on the web: the catalogue API its products provider talks to, and the products' pictures.
public struct StellaWebModule: WebModule {
    private let catalogue: Catalogue
    private let pictures: ProductPictures

    /// `pictures` defaults to pictures drawn from `catalogue` and kept in memory.
    public init(catalogue: Catalogue = .bundled, pictures: ProductPictures? = nil) {
        self.catalogue = catalogue
        self.pictures = pictures ?? ProductPictures(drawingFrom: catalogue)
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
        // What an image shows while the picture loads (a CSS background), the same grey frame
        // as the pipeline's placeholder.
        router.get("/stella/images/placeholder.svg") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                     body: .init(byteBuffer: ByteBuffer(bytes: ImageContent.placeholderSVG)))
        }
        // "/stella/images/ST100000/2-large.svg": picture 2 of the product, through the image pipeline.
        let pictures = self.pictures
        router.get("/stella/images/:code/:file") { _, context in
            let code = try context.parameters.require("code")
            let file = try context.parameters.require("file")
            guard let picture = pictures.picture(code: code, file: file) else {
                throw HTTPError(.notFound, message: "there is no picture \(file.prefix(40)) of \(code.prefix(20))")
            }
            let content = try await pictures.content(of: picture)
            if case .failed(let reason) = content {
                // The failure picture, so that the page shows a frame with a cross rather than a
                // broken image; not cached, so the next request tries the origin again.
                context.logger.warning("cannot get the picture \(picture.path): \(reason)")
                return Response(status: .badGateway, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(bytes: content.bytes)))
            }
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                            body: .init(byteBuffer: ByteBuffer(bytes: content.bytes)))
        }
    }
}
