"""Types lines through the real engine: `cyrillic-ime convert --profile ID` reads standard
input line by line and sends every character through processKey, as the keyboard does."""
import subprocess


def convert(cli, profile, lines, katakana=False):
    """Converts each line in `profile`; returns the output lines in order."""
    for line in lines:
        if "\n" in line or "\r" in line:
            raise ValueError(f"a line may not contain a line break: {line!r}")
    command = [cli, "convert", "--profile", profile] + (["--katakana"] if katakana else [])
    result = subprocess.run(command, input="".join(line + "\n" for line in lines),
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()}")
    outputs = result.stdout.split("\n")
    if outputs and outputs[-1] == "":
        outputs.pop()
    if len(outputs) != len(lines):
        raise RuntimeError(f"{profile}: sent {len(lines)} lines, got {len(outputs)} back")
    return outputs
