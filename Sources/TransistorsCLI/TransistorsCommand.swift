import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import ListorLauncher
import Transistors

/// `listor transistors …`: Transistor Listor (seed 000) in the terminal.
package struct TransistorsCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: CommandGroup.transistors.rawValue,
        abstract: CommandGroup.transistors.abstract,
        subcommands: [ListTransistors.self, ShowTransistor.self, SubstituteTransistors.self, CompareTransistors.self],
        defaultSubcommand: ListTransistors.self)

    package init() {}
}

// MARK: - list

// MARK: - show

// MARK: - Reporting
