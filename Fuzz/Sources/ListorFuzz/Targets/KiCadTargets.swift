import Transistors

enum KiCadTargets {
    /// KiCad's S-expressions and symbol libraries: any input is an expression or an error with
    /// its place; an expression written out parses back to itself; a library's symbols are
    /// read or refused, and its transistors have finite ratings, never a crash.
    static let symbolLibrary = FuzzTarget(name: "kicad-symbol", summary: "KiCad S-expressions and symbol libraries; written out, an expression parses back to itself") { bytes in
        let expression: SExpression
        do throws(SExpressionError) {
            expression = try SExpression.parse(bytes)
        } catch {
            require(error.line >= 1 && error.column >= 1, "an error at line \(error.line), column \(error.column)")
            return
        }
        let again = try? SExpression.parse(Array(expression.written.utf8))
        require(again == expression, "\(expression.written) does not parse back to itself")
        if let symbols = try? KiCadSymbol.symbols(in: expression) {
            require(symbols.allSatisfy { !$0.name.isEmpty }, "a symbol without a name was read")
            // Each symbol is a transistor with finite, positive ratings, or a problem naming it.
            if let catalog = try? KiCadTransistors.read(bytes) {
                require(catalog.transistors.count + catalog.problems.count <= symbols.count, "more parts and problems than symbols")
                require(catalog.transistors.allSatisfy { Self.finiteMagnitudes($0.ratings) }, "a rating that is not a finite magnitude")
            }
        }
    }

    /// SPICE model libraries: any text gives parts and problems, never a crash; each part has a
    /// rating, and every rating is a finite magnitude; the parts survive writing as JSON.
    static let spiceModels = FuzzTarget(name: "spice-model", summary: "SPICE model libraries; each part rated, and written as JSON, read back the same") { bytes in
        let catalog = SpiceModels.read(bytes, file: "fuzz.lib")
        require(catalog.transistors.allSatisfy { ($0.ratings.maxVoltage != nil || $0.ratings.maxCurrent != nil) && finiteMagnitudes($0.ratings) },
                "a part without a rating, or with one that is not a finite magnitude")
        let json = TransistorJSON.value(catalog.transistors)
        let again = try? TransistorCatalogDecoder().decode(Array(json.serialized(pretty: false).utf8))
        require(again.map { TransistorJSON.value($0.transistors) } == json, "the parts written as JSON do not read back the same")
    }

    private static func finiteMagnitudes(_ ratings: Ratings) -> Bool {
        [ratings.maxVoltage, ratings.maxCurrent].allSatisfy { $0.map { $0.isFinite && $0 >= 0 } ?? true }
    }
}
