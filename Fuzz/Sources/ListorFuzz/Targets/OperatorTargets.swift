import Foundation
import ListorKit
import Modbus
@testable import ListorServer
@testable import ListorSMTP

/// What an operator's files and a mail server send: the plant file, serve's settings file, and
/// SMTP replies.
enum OperatorTargets {
    /// The plant file: a plant of named devices, each name once, or every problem named.
    static let plantFile = FuzzTarget(name: "plant-file", summary: "the Modbus plant file; a plant of uniquely named devices, or its problems each named") { bytes in
        do {
            let plant = try ModbusPlant.decode(bytes)
            require(!plant.devices.isEmpty, "a plant without devices")
            require(Set(plant.devices.map(\.name)).count == plant.devices.count, "two devices of one name")
        } catch let error as ModbusPlantError {
            require(!error.problems.isEmpty && error.problems.allSatisfy { !$0.reason.isEmpty }, "a refused plant without its problems")
        } catch {
            fatalError("invariant broken: a plant refused by \(error), not by its problems")
        }
    }

    /// `serve`'s settings file: arguments for serve, or a refusal that names the file and quotes
    /// a bounded part of what it refuses, however large the value.
    static let serveConfig = FuzzTarget(name: "serve-config", summary: "serve's JSON settings file; arguments, or a refusal naming the file, bounded however large the value") { bytes in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("listor-fuzz-\(ProcessInfo.processInfo.processIdentifier).json").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        let outcome: Result<[String], any Error> = blocking {
            do { return .success(try await ServeConfiguration(commandLine: ["--config", path], variables: [:]).arguments) } catch { return .failure(error) }
        }
        switch outcome {
        case .success(let arguments):
            require(arguments.allSatisfy { $0.count <= ServeConfiguration.longestValue }, "a setting longer than \(ServeConfiguration.longestValue) passed on")
        case .failure(let error):
            let message = "\(error)"
            require(message.contains(path), "a refusal that does not name the file: \(message.prefix(200))")
            require(message.count <= 2 * ServeConfiguration.longestValue, "a refusal of \(message.count) characters")
        }
    }

    /// SMTP replies, split into lines as the line decoder does (4 KB at most), through the
    /// STARTTLS fence: a reply is at most 100 lines with a three-digit code, and once the fence
    /// saw what was not asked for, it passes nothing more.
    static let smtpReply = FuzzTarget(name: "smtp-reply", summary: "SMTP replies (multi-line, huge, injected after STARTTLS); replies bounded, the fence passes only the reply asked for") { bytes in
        var fence = StartTLSFence()
        let passed = fence.take(bytes)
        require(passed <= bytes.count, "the fence passed more than it was given")
        if fence.state == .injected { require(fence.take([0x41]) == 0 && fence.state == .injected, "the fence opened again after an injection") }
        var reader = SMTPReply.Reader(server: "the mail server")
        for line in bytes.prefix(passed).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() where line.count <= 4096 {
            do {
                guard let reply = try reader.read(String(decoding: line, as: UTF8.self)) else { continue }
                require((0...999).contains(reply.code) && (1...100).contains(reply.lines.count), "reply \(reply.code) of \(reply.lines.count) lines")
                reader = SMTPReply.Reader(server: "the mail server")
            } catch let error as MailError {
                require(error.code == .refused, "a reply refused as \(error.code)")
                return
            } catch {
                fatalError("invariant broken: a reply refused by \(error)")
            }
        }
    }
}
