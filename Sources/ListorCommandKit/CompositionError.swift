/// Something the composition root could not build: the reason, as one line for standard error.
package struct CompositionError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
