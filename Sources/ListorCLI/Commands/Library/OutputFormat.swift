import ArgumentParser
import Tagged

/// "table" or "json" (the API's format).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}
