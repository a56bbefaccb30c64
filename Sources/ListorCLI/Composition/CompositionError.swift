/// Something the composition root could not build: the reason, as one line for standard error.
struct CompositionError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
