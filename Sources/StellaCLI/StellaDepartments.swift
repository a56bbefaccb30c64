import ArgumentParser
import Foundation
import ListorCommandKit
import Stella

struct StellaDepartments: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "departments", abstract: "List the departments.")

    @OptionGroup var source: CatalogueSource

    func run(in environment: CommandEnvironment) async throws {
        let departments = ListDataSource.departments(try await source.withCatalogue(in: environment) { try await $0.departments() })
        environment.write(departments.viewModels.map { "\($0.id.padding(toLength: 14, withPad: " ", startingAt: 0))\($0.title)" }.joined(separator: "\n") + "\n")
    }
}
