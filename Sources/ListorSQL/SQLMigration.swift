/// One change to a store's schema or data, run once per database and remembered by its name.
public struct SQLMigration: Sendable {
    public let name: String
    public let apply: @Sendable (any SQLConnection) throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (any SQLConnection) throws -> Void) {
        self.name = name
        self.apply = apply
    }

    /// A migration that runs `statements`, in order.
    public init(_ name: String, _ statements: [SQL]) {
        self.init(name) { connection in try connection.execute(statements) }
    }

    /// A migration that runs `script`, statements separated by semicolons.
    public init(_ name: String, script: String) {
        self.init(name) { connection in try connection.script(script) }
    }
}
