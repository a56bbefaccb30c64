import Foundation
import ListorKit

/// One app's OpenAPI document, from `Resources/OpenAPI`, with its `servers` entry set to where
/// the module mounts the paths it describes (the library's API prefix can move).
///
/// The documents are written by hand. `buildRouter` checks each against the routes the module
/// adds under its API paths, and refuses to start when a route is served but not described, or
/// described but not served; `merged` makes the one document of every API, `/openapi.json`.
struct APIDocument: Sendable {
    /// The file's name without `.json`: "library".
    let name: String
    /// The prefix of every path the document describes: "/library/api".
    let server: String
    let value: JSONValue

    init(name: String, server: String) throws {
        guard let file = EmbeddedResources.files["OpenAPI/\(name).json"] else {
            throw Invalid("there is no OpenAPI document \(name).json among the resources")
        }
        let document = try JSONParser.parse(Data(file.text.utf8))
        try self.init(name: name, server: server, value: document)
    }

    init(name: String, server: String, value: JSONValue) throws {
        guard case .object(var object) = value, case .object = value["paths"] else {
            throw Invalid("the OpenAPI document \(name).json has no paths")
        }
        object.members.removeAll { $0.key == "servers" }
        object.members.insert(.init(key: "servers", value: .array([.members([("url", .string(server))])])), at: 1)
        self.name = name
        self.server = server
        self.value = .object(object)
    }

    /// The methods OpenAPI operations may be under.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Every operation as served: "GET /library/api/books/{id}".
    var operations: Set<String> {
        Set(paths.flatMap { path, item in
            (item.objectMembers ?? []).filter { Self.methods.contains($0.key) }.map { "\($0.key.uppercased()) \(server + path)" }
        })
    }

    private var paths: [(String, JSONValue)] {
        (value["paths"]?.objectMembers ?? []).map { ($0.key, $0.value) }
    }

    /// Refuses a router whose routes under `apiPaths` are not exactly the documents' operations.
    /// `routes` is each path's methods, as `RouteTable` notes them.
    static func check(_ documents: [APIDocument], against routes: [String: Set<String>], apiPaths: [String]) throws {
        let served = Set(routes.flatMap { path, methods in
            apiPaths.contains { path == $0 || path.hasPrefix($0 + "/") } ? methods.map { "\($0) \(path)" } : []
        })
        let described = documents.reduce(into: Set<String>()) { $0.formUnion($1.operations) }
        let undescribed = served.subtracting(described).sorted()
        let unserved = described.subtracting(served).sorted()
        guard undescribed.isEmpty, unserved.isEmpty else {
            var parts: [String] = []
            if !undescribed.isEmpty { parts.append("served but not in an OpenAPI document: " + undescribed.joined(separator: ", ")) }
            if !unserved.isEmpty { parts.append("in an OpenAPI document but not served: " + unserved.joined(separator: ", ")) }
            throw Invalid(parts.joined(separator: "; "))
        }
    }

    /// Every document in one, for `/openapi.json`: each path under its server, each
    /// component named after its document ("library.Book") so that two apps' `Error`s stay
    /// apart, the tags of every app, and `/openapi.json` itself.
    static func merged(_ documents: [APIDocument]) -> JSONValue {
        var paths: [(String, JSONValue)] = []
        var components: [String: [(String, JSONValue)]] = [:]
        var tags: [JSONValue] = []
        for document in documents {
            let renamed = document.renamingComponents()
            // A document-wide security requirement goes on each of its operations that has none.
            let security = renamed["security"]
            for (path, item) in renamed.paths {
                paths.append((document.server + path, security.map { item.requiring($0) } ?? item))
            }
            for kind in renamed["components"]?.objectMembers ?? [] {
                components[kind.key, default: []] += kind.value.objectMembers?.map { ($0.key, $0.value) } ?? []
            }
            if case .array(let own) = renamed["tags"] { tags += own }
        }
        paths.append(("/openapi.json", .members([("get", .members([
            ("summary", .string("Every API's document in one")), ("operationId", .string("getDocument")),
            ("responses", .members([("200", .members([
                ("description", .string("This document.")),
                ("content", .members([("application/json", .members([("schema", .members([("type", .string("object"))]))]))])),
            ]))])),
        ]))])))
        return .members([
            ("openapi", .string("3.1.0")),
            ("info", .members([
                ("title", .string("Listor")), ("version", .string("1")),
                ("description", .string("The JSON APIs of every Listor app, a tag each; each app's own document is under its API's prefix.")),
            ])),
            ("servers", .array([.members([("url", .string("/"))])])),
            ("tags", .array(tags)),
            ("paths", .members(paths)),
            ("components", .members(components.sorted { $0.key < $1.key }.map { ($0.key, .members($0.value)) })),
        ])
    }

    /// The document with every component but the security schemes (which requirements name,
    /// not `$ref`) called "name.Component", and each `$ref` to one changed to match.
    private func renamingComponents() -> APIDocument {
        let prefix = name + "."
        func renamed(_ value: JSONValue, depth: Int) -> JSONValue {
            switch value {
            case .object(var object):
                for index in object.members.indices {
                    let member = object.members[index]
                    if member.key == "$ref", case .string(let target) = member.value, target.hasPrefix("#/components/") {
                        var parts = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                        if parts.count == 4, parts[2] != "securitySchemes" { parts[3] = prefix + parts[3] }
                        object.members[index].value = .string(parts.joined(separator: "/"))
                    } else if depth == 1, member.key == "components" {
                        object.members[index].value = .object(JSONObject(members: (member.value.objectMembers ?? []).map { kind in
                            let keep = kind.key == "securitySchemes"
                            return .init(key: kind.key, value: .object(JSONObject(members: (kind.value.objectMembers ?? []).map {
                                .init(key: keep ? $0.key : prefix + $0.key, value: renamed($0.value, depth: depth + 2))
                            })))
                        }))
                    } else {
                        object.members[index].value = renamed(member.value, depth: depth + 1)
                    }
                }
                return .object(object)
            case .array(let items):
                return .array(items.map { renamed($0, depth: depth + 1) })
            default:
                return value
            }
        }
        // The value was checked to be an object with paths when the document was made.
        return (try? APIDocument(name: name, server: server, value: renamed(value, depth: 1))) ?? self
    }

    subscript(key: String) -> JSONValue? { value[key] }

    /// A document that cannot be read, or that does not match the router.
    struct Invalid: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}

extension JSONValue {
    /// The members when this is an object.
    fileprivate var objectMembers: [JSONObject.Member]? {
        guard case .object(let object) = self else { return nil }
        return object.members
    }

    /// A path item whose operations without a `security` of their own get `security`.
    fileprivate func requiring(_ security: JSONValue) -> JSONValue {
        guard case .object(var item) = self else { return self }
        for index in item.members.indices where APIDocument.methods.contains(item.members[index].key) {
            guard case .object(var operation) = item.members[index].value, operation["security"] == nil else { continue }
            operation.members.append(.init(key: "security", value: security))
            item.members[index].value = .object(operation)
        }
        return .object(item)
    }
}

