import ArgumentParser

/// "table" or "json" (the API's format).
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}
