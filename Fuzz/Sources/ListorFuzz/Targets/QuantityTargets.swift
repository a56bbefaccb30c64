import ListorKit
import Transistors

enum QuantityTargets {
    /// Quantities: what parses prints as text that parses back to the value, to four significant digits.
    static let quantity = FuzzTarget(name: "quantity", summary: "quantities (\"500mA\", \"1.5 kV\"); a parsed value prints as text that parses back to it") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for unit in PhysicalUnit.allCases {
            guard let quantity = try? Quantity.parse(text, as: unit) else { continue }
            require(quantity.value.isFinite, "\(text) parsed to \(quantity.value)")
            let shown = quantity.description
            guard let again = try? Quantity.parse(shown, as: unit) else { fatalError("invariant broken: \"\(shown)\" (from \"\(text)\") does not parse") }
            let scale = max(abs(quantity.value), 1e-300)
            require(abs(again.value - quantity.value) <= scale * 1e-3 || abs(quantity.value) < 1e-12, "\"\(text)\" → \(shown) → \(again.value)")
        }
    }

    /// The transistor finder's query: any input is a query and field errors, never a crash.
    static let transistorQuery = FuzzTarget(name: "transistor-query", summary: "the transistor finder's query parameters; a query and field errors naming the parameter") { bytes in
        let fields = FuzzTarget.fields(bytes, count: 7)
        let input = TransistorQuery.Input(search: fields[0], family: fields[1], doping: fields[2], package: fields[3],
                                          minVoltage: fields[4], minCurrent: fields[5], sort: fields[6])
        let (_, errors) = TransistorQuery.parse(input)
        let names = Set(TransistorQuery.Field.allCases.map(\.rawValue))
        require(errors.allSatisfy { names.contains($0.field) }, "an error names no parameter: \(errors)")
    }
}
