// Walks every directory it can see, from /, and prints what follows the
// marker of a planted answer in any file it can read: the judge's tests
// must show it none (TestAnswersConfined). The marker is built at run
// time, so that the program's own files do not hold it.
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;

public class Main {
    static boolean found;

    public static void main(String[] args) throws IOException {
        byte[] marker = new StringBuilder("-SETYB-REWSNA").reverse().toString().getBytes(StandardCharsets.US_ASCII);
        Files.walkFileTree(Paths.get("/"), new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String d = dir.toString();
                if (d.equals("/proc") || d.equals("/sys") || d.equals("/dev")) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (!attrs.isRegularFile()) {
                    return FileVisitResult.CONTINUE;
                }
                try (InputStream in = Files.newInputStream(file)) {
                    byte[] data = in.readNBytes(1 << 20);
                    for (int i = 0; i + marker.length <= data.length; i++) {
                        int j = 0;
                        while (j < marker.length && data[i + j] == marker[j]) {
                            j++;
                        }
                        if (j == marker.length) {
                            int end = Math.min(data.length, i + 40);
                            System.out.println(file + ": " + new String(data, i, end - i, StandardCharsets.ISO_8859_1));
                            found = true;
                            break;
                        }
                    }
                } catch (IOException | SecurityException e) {
                    // unreadable: as good as absent
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        if (!found) {
            System.out.println("found nothing");
        }
    }
}
