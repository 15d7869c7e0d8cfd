import Foundation
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicyCLI

/// One rule for every file the tool writes (docs/output-files.md): a regular file is replaced atomically keeping
/// its mode, a device or FIFO is written through, a link is followed and a dangling one refused, and nothing
/// partial is left. Each writer (`schema --output`, `guide --output`, `run --emit-suite`,
/// `verify --counterexample-dir`, `replay --output`) goes through `OutputFile`; the cases run through the commands themselves.
struct OutputFileTests {
    /// Each writer with the path it writes to.
    static func write(_ writer: String, to path: String) -> (code: Int32, out: String, err: String) {
        switch writer {
        case "schema": ssopolicy("schema", "--output", path)
        case "guide": ssopolicy("guide", "legacy-app-entra", "--scenario", "shift-change", "--output", path)
        case "replay":
            ssopolicy(
                "replay", "--signins", replayInputs.signIns, "--custody", replayInputs.custody, "--no-progress",
                "--output", path)
        default: ssopolicy("run", "--scenario", copies.scenario, copies.policy, "--emit-suite", path)
        }
    }

    /// A day of sign-ins on one device and its custody, for `replay --output`.
    static let replayInputs: (signIns: String, custody: String) = {
        let folder = Fixtures.folder("OutputFileTests-replay")
        let row = { (time: String, user: String, id: String) in
            #"{"createdDateTime":""# + time + #"","userPrincipalName":""# + user + #"@contoso.example","#
                + #""appDisplayName":"Rounds","appId":"a1","isInteractive":true,"deviceDetail":{"deviceId":"dev-07"},"#
                + #""status":{"errorCode":0},"correlationId":""# + id + "\"}\n"
        }
        return (
            Fixtures.write(
                row("2026-05-04T06:00:00Z", "ana", "c1") + row("2026-05-04T15:00:00Z", "ben", "c2"),
                to: "signins.jsonl", in: folder),
            Fixtures.write(
                "device,user,checked_out_at,checked_in_at\ndev-07,ana,2026-05-04T05:55:00Z,2026-05-04T13:58:00Z\n"
                    + "dev-07,ben,2026-05-04T14:00:00Z,2026-05-04T22:00:00Z\n", to: "custody.csv", in: folder)
        )
    }()

    /// A suite names its files by path, so `--emit-suite` runs on copies of a bundled policy and scenario.
    static let copies: (policy: String, scenario: String) = {
        let folder = Fixtures.folder("OutputFileTests-sources")
        return (
            Fixtures.write(ssopolicy("show", "warehouse-airwatch").out, to: "warehouse-airwatch.yaml", in: folder),
            Fixtures.write(ssopolicy("show", "shift-change").out, to: "shift-change.yaml", in: folder)
        )
    }()

    static let writers = ["schema", "guide", "emit-suite", "replay"]

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folder's entries: a failed or finished write leaves no temporary file.
    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test(arguments: writers)
    func aNewFileGetsTheModeOfANewFile(writer: String) throws {
        let folder = Fixtures.folder(#function + writer)
        // What the system gives a new file here (0666 less the umask).
        let reference = folder + "/reference"
        close(open(reference, O_WRONLY | O_CREAT | O_EXCL, 0o666))
        let path = folder + "/out.txt"
        let result = Self.write(writer, to: path)
        #expect(result.code == 0, "\(result.err)")
        #expect(Self.mode(path) == Self.mode(reference))
        #expect((Self.contents(path) ?? "").count > 100)
        #expect(Self.entries(folder) == ["out.txt", "reference"])
    }

    @Test(arguments: writers)
    func aPrivateFileIsReplacedAndStaysPrivate(writer: String) throws {
        let folder = Fixtures.folder(#function + writer)
        let path = Fixtures.write("secret\n", to: "private.json", in: folder)
        #expect(chmod(path, 0o600) == 0)
        let result = Self.write(writer, to: path)
        #expect(result.code == 0, "\(result.err)")
        #expect(Self.mode(path) == S_IFREG | 0o600)
        #expect(Self.contents(path)?.hasPrefix("secret") == false)
        #expect(Self.entries(folder) == ["private.json"])
    }

    @Test(arguments: writers)
    func aLinkIsFollowedAndStaysALink(writer: String) throws {
        let folder = Fixtures.folder(#function + writer)
        let victim = Fixtures.write("precious\n", to: "victim.txt", in: folder)
        #expect(chmod(victim, 0o640) == 0)
        #expect(symlink("victim.txt", folder + "/link.txt") == 0)
        let result = Self.write(writer, to: folder + "/link.txt")
        #expect(result.code == 0, "\(result.err)")
        #expect(Self.mode(folder + "/link.txt").map { $0 & S_IFMT } == S_IFLNK)
        #expect(Self.mode(victim) == S_IFREG | 0o640)
        #expect(Self.contents(victim)?.hasPrefix("precious") == false)
        #expect(Self.entries(folder) == ["link.txt", "victim.txt"])
    }

    @Test(arguments: writers)
    func aDanglingLinkIsRefusedAndNothingIsCreated(writer: String) throws {
        let folder = Fixtures.folder(#function + writer)
        #expect(symlink(folder + "/created-elsewhere.md", folder + "/dangling.md") == 0)
        let result = Self.write(writer, to: folder + "/dangling.md")
        #expect(result.code == 1)
        #expect(
            result.err
                == "error: cannot write \(folder)/dangling.md: it is a symbolic link to '\(folder)/created-elsewhere.md', "
                + "which names no existing file; create the file it names or write to another path (files are never "
                + "created through a link)\n")
        #expect(Self.entries(folder) == ["dangling.md"])
    }

    @Test(arguments: writers)
    func aFIFOIsWrittenThroughAndStaysAFIFO(writer: String) throws {
        let folder = Fixtures.folder(#function + writer)
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader on its own thread, as a shell's `cat fifo` would be.
        let received = Capture()
        let reader = Thread {
            // A blocking open, as `cat` does (Foundation's reader opens without waiting for a writer).
            let descriptor = open(fifo, O_RDONLY)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            close(descriptor)
            received.out(String(decoding: bytes, as: UTF8.self))
        }
        reader.start()
        let result = Self.write(writer, to: fifo)
        #expect(result.code == 0, "\(result.err)")
        // Should the writer have failed before it opened the FIFO, the reader still waits in `open`: a writer that
        // opens and closes at once ends its wait with end of file (and does nothing once the reader is done).
        let release = open(fifo, O_WRONLY | O_NONBLOCK)
        if release >= 0 { close(release) }
        while !reader.isFinished { usleep(1000) }
        #expect(received.output.count > 100)
        #expect(Self.mode(fifo).map { $0 & S_IFMT } == S_IFIFO)
        #expect(Self.entries(folder) == ["fifo"])
    }

    /// A character device node (as root, a copy of /dev/null's; otherwise /dev/null itself, which only root could
    /// replace) is written through: it stays a device.
    @Test(arguments: writers)
    func aCharacterDeviceIsWrittenThroughAndStaysADevice(writer: String) throws {
        let folder = Fixtures.folder(#function + writer)
        var null = stat()
        #expect(stat("/dev/null", &null) == 0)
        var device = folder + "/mynull"
        if mknod(device, S_IFCHR | 0o666, null.st_rdev) != 0 { device = "/dev/null" }
        let result = Self.write(writer, to: device)
        #expect(result.code == 0, "\(result.err)")
        #expect(Self.mode(device).map { $0 & S_IFMT } == S_IFCHR)
        #expect(Self.entries(folder) == (device == "/dev/null" ? [] : ["mynull"]))
    }

    @Test(arguments: writers)
    func aFullDeviceIsOneLineAndExit1(writer: String) {
        let result = Self.write(writer, to: "/dev/full")
        #expect(result.code == 1)
        #expect(result.err == "error: cannot write /dev/full: No space left on device\n")
    }

    @Test(arguments: writers)
    func aFolderOrAMissingFolderIsRefused(writer: String) {
        let folder = Fixtures.folder(#function + writer)
        let directory = ssopolicy("schema", "--output", folder)
        #expect(directory.code == 1)
        #expect(directory.err == "error: cannot write \(folder): it is a directory; name a file\n")
        let missing = Self.write(writer, to: folder + "/no/such/out.txt")
        guard writer != "emit-suite" else {
            // A suite's folder is made for it (suites/ under the folder `test` runs), and nothing else is left.
            #expect(missing.code == 0, "\(missing.err)")
            #expect(Self.entries(folder + "/no/such") == ["out.txt"])
            return
        }
        #expect(missing.code == 1)
        #expect(
            missing.err
                == "error: cannot write \(folder)/no/such/out.txt: the folder \(folder)/no/such does not exist\n")
        #expect(Self.entries(folder).isEmpty)
    }

    /// `replay --output` used to replace whatever was at the path: a second scheduled run deleted the first
    /// report, a folder went with everything below it, `--output .` emptied the current folder.
    @Test func replayKeepsFoldersAndReplacesItsOwnReport() throws {
        let folder = Fixtures.folder(#function)
        let report = folder + "/report.html"
        for _ in 0..<2 {
            let run = Self.write("replay", to: report)
            #expect(run.code == 0, "\(run.err)")
            #expect(run.err.isEmpty)
        }
        #expect((Self.contents(report) ?? "").contains("dev-07"))
        let kept = Fixtures.write("april\n", to: "replay.html", in: folder + "/reports/2026-04")
        for target in [folder + "/reports", folder + "/reports/2026-04/.", folder + "/."] {
            let run = Self.write("replay", to: target)
            #expect(run.code == 1)
            #expect(run.err.hasSuffix(": it is a directory; name a file\n"), "\(run.err)")
        }
        #expect(Self.contents(kept) == "april\n")
        #expect(Self.entries(folder) == ["report.html", "reports"])
    }

    @Test func descriptorNamesAreRecognised() {
        #expect(OutputFile.descriptor(named: "/dev/stdout") == 1)
        #expect(OutputFile.descriptor(named: "/dev/stderr") == 2)
        #expect(OutputFile.descriptor(named: "/dev/fd/7") == 7)
        #expect(OutputFile.descriptor(named: "/proc/self/fd/12") == 12)
        #expect(OutputFile.descriptor(named: "/dev/fd/") == nil)
        #expect(OutputFile.descriptor(named: "/dev/fd/1x") == nil)
        #expect(OutputFile.descriptor(named: "out/dev/stdout") == nil)
    }

    @Test func verifyCounterexamplesFollowTheSameRule() throws {
        let folder = Fixtures.folder()
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let file = Fixtures.write("old\n", to: "legacy-app-entra.no-foreign-session.yaml", in: out)
        #expect(chmod(file, 0o600) == 0)
        #expect(symlink(folder + "/missing.yaml", out + "/legacy-app-entra.no-previous-user-data.yaml") == 0)
        let result = ssopolicy(
            "verify", "legacy-app-entra", "--assume", "signs-out-before-handover", "--counterexample-dir", out)
        #expect(result.code == 1)
        #expect(
            result.err.hasPrefix("error: cannot write \(out)/legacy-app-entra.no-previous-user-data.yaml: it is a "))
        #expect(Self.mode(file) == S_IFREG | 0o600)
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.yaml"))
        // A plain file where the folder should be.
        let blocked = Fixtures.write("x", to: "blocked", in: folder)
        let notFolder = ssopolicy("verify", "legacy-app-entra", "--counterexample-dir", blocked + "/sub")
        #expect(notFolder.code == 1)
        #expect(notFolder.err == "error: cannot write \(blocked)/sub: \(blocked) is not a folder\n")
    }
}

/// The executable itself on a full disk and through descriptor names (needs the debug build, as
/// `theBinaryRunsFromAnotherDirectory`): standard output on /dev/full is one line and exit 1, never a trap; a file
/// that cannot grow is left as it was with no temporary file beside it.
@Suite(.serialized)
struct FullDiskTests {
    static let binary = repository + "/.build/debug/ssopolicy"
    static let built = FileManager.default.isExecutableFile(atPath: binary)

    /// Runs `script` in `sh` with the binary as `$1`; exit status, standard output and standard error.
    static func shell(_ script: String, in folder: String) throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", binary]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = Capture()
        let reader = Thread {
            errors.err(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        reader.start()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return (process.terminationStatus, output, errors.errors)
    }

    @Test(
        .enabled(if: built, "build first: swift build"),
        arguments: [
            "schema", "run --scenario shift-change warehouse-airwatch", "list",
            "verify frontline-entra --depth 2 --assume signs-out-before-handover",
        ])
    func standardOutputOnAFullDeviceIsOneLineAndExit1(command: String) throws {
        let result = try Self.shell("\"$1\" \(command) > /dev/full", in: Fixtures.folder())
        #expect(result.code == 1)
        #expect(result.err == "error: cannot write to standard output: No space left on device\n")
    }

    @Test(.enabled(if: built, "build first: swift build"))
    func aFileThatCannotGrowIsLeftAsItWas() throws {
        let folder = Fixtures.folder()
        Fixtures.write("the old guide\n", to: "guide.html", in: folder)
        // A 16-block file size limit, its signal ignored: the write fails as on a full disk (EFBIG).
        let result = try Self.shell(
            "trap '' XFSZ; ulimit -f 16; \"$1\" guide legacy-app-entra --scenario shift-change --format html "
                + "--output guide.html", in: folder)
        #expect(result.code == 1)
        #expect(result.err == "error: cannot write guide.html: File too large\n")
        #expect(OutputFileTests.contents(folder + "/guide.html") == "the old guide\n")
        #expect(OutputFileTests.entries(folder) == ["guide.html"])
    }

    @Test(.enabled(if: built, "build first: swift build"))
    func devStdoutIsTheStandardOutput() throws {
        let result = try Self.shell("\"$1\" schema --output /dev/stdout", in: Fixtures.folder())
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("{\n"))
        #expect(result.out.hasSuffix("}\nwrote /dev/stdout\n"))
    }
}
