extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` as entities, safe in HTML, XML and SVG text and
    /// attribute values.
    public var xmlEscaped: String {
        String(decoding: HTMLEscaping.escaped(self), as: UTF8.self)
    }
}
