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
                require(catalog.transistors.allSatisfy { $0.ratings.maxVoltage.isFinite && $0.ratings.maxCurrent.isFinite && $0.ratings.maxVoltage >= 0 },
                        "a rating that is not a finite magnitude")
            }
        }
    }
}
