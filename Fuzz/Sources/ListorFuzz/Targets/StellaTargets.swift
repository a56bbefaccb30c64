import ListorKit
import Stella

enum StellaTargets {
    /// Stella's catalogue query and its page JSON: a query and field errors naming the parameter.
    static let query = FuzzTarget(name: "stella-query", summary: "Stella's catalogue query parameters and page JSON; errors name their parameter") { bytes in
        let names = ["page", "per_page", "sort", "size", "colour", "min_price", "max_price", "search"]
        let fields = FuzzTarget.fields(bytes, count: names.count)
        let values = Dictionary(uniqueKeysWithValues: zip(names, fields))
        let (_, errors) = CatalogueQuery.parse { values[$0] }
        require(errors.allSatisfy { names.contains($0.field) }, "an error names no parameter: \(errors)")
        if let json = try? JSONParser.parse(bytes) { _ = try? StellaJSON.page(json) }
    }
}
