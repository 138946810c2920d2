"use client";

import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { Member } from "@/lib/members/schemas";
import { AddMemberForm } from "./add-member-form";

export function AddMemberDialog({ onAdded }: { onAdded: (member: Member) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add member</DialogTitle>
          <DialogDescription>They sign in with this email and initial password.</DialogDescription>
        </DialogHeader>
        {/* The form unmounts when the dialog closes, so the next opening starts empty. */}
        <AddMemberForm
          onAdded={(member) => {
            setOpen(false);
            onAdded(member);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
