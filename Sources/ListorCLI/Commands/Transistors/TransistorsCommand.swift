import Foundation
import ArgumentParser
import ListorKit
import Transistors

/// `listor transistors …`: Transistor Listor (seed 000) in the terminal.
struct TransistorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transistors",
        abstract: "Browse a catalog of BJTs, MOSFETs and JFETs.",
        subcommands: [ListTransistors.self, ShowTransistor.self, SubstituteTransistors.self, CompareTransistors.self],
        defaultSubcommand: ListTransistors.self)
}

// MARK: - list

// MARK: - show

// MARK: - Reporting
